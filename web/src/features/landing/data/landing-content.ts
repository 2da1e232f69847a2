import {
  BarChart3,
  Bot,
  Building2,
  BookOpen,
  GraduationCap,
  Headphones,
  Layers,
  LockKeyhole,
  Radar,
  ShieldCheck,
  Sparkles,
  Video,
  Wallet,
} from 'lucide-react';
import type { FeatureItem } from '@/components/ui/feature-grid';
import { ROUTES } from '@/config/routes';

export const FEATURES: readonly FeatureItem[] = [
  {
    icon: Radar,
    title: 'Scanner em tempo real',
    description:
      'Monitora os livros de ofertas das exchanges continuamente e mostra cada oportunidade com lucro líquido em % e em R$, e há quanto tempo ela existe.',
  },
  {
    icon: Bot,
    title: 'Bots automatizados',
    description:
      'Bots que executam as oportunidades por você, com limite de investimento e lucro mínimo. Comece no modo simulado e só opere com dinheiro real quando quiser.',
  },
  {
    icon: LockKeyhole,
    title: 'Chaves criptografadas',
    description:
      'Suas chaves de API são cifradas com AES-256-GCM e o segredo nunca é devolvido pela plataforma depois de salvo. Validamos as credenciais com a exchange.',
  },
  {
    icon: BarChart3,
    title: 'Análises e relatórios',
    description:
      'Histórico completo de trades com lucro esperado ao lado do realizado, taxa de sucesso e exportação em CSV pronta para o Excel.',
  },
  {
    icon: Building2,
    title: 'Multi-exchange',
    description:
      'Binance, Mercado Bitcoin, Gate.io, MEXC e Bybit em um só painel, com as taxas de cada exchange consideradas no cálculo.',
  },
  {
    icon: Layers,
    title: 'Estratégias com risco configurável',
    description:
      'Arbitragem simples entre exchanges, triangular dentro de uma exchange e estatística pelo desvio do spread. Você escolhe o risco: baixo, médio ou alto.',
  },
];

export const STEPS: readonly FeatureItem[] = [
  {
    icon: Sparkles,
    title: 'Crie sua conta',
    description: 'Cadastro em poucos minutos, com 7 dias grátis do plano Profissional.',
  },
  {
    icon: Wallet,
    title: 'Conecte suas exchanges',
    description: 'Adicione suas chaves de API. Elas são validadas e guardadas criptografadas.',
  },
  {
    icon: Bot,
    title: 'Ative seus bots',
    description: 'Escolha pares, exchanges, estratégia e risco. Acompanhe cada operação no painel.',
  },
];

export const VALUES: readonly FeatureItem[] = [
  {
    icon: ShieldCheck,
    title: 'Transparência',
    description: 'Nada é simulado sem aviso: dados simulados sempre aparecem identificados como tal.',
  },
  {
    icon: LockKeyhole,
    title: 'Segurança primeiro',
    description:
      'Autenticação em dois fatores, sessões que você controla e registro de eventos de segurança.',
  },
  {
    icon: Wallet,
    title: 'Feito para o Brasil',
    description: 'Interface em português, valores em reais e pagamento por cartão, PIX ou boleto.',
  },
];

export interface HelpCard extends FeatureItem {
  to: string;
  cta: string;
}

export const HELP_CARDS: readonly HelpCard[] = [
  {
    icon: GraduationCap,
    title: 'Tutorial interativo',
    description: 'Aprenda arbitragem passo a passo, do conceito ao primeiro bot.',
    to: ROUTES.tutorial,
    cta: 'Iniciar tutorial',
  },
  {
    icon: BookOpen,
    title: 'Base de conhecimento',
    description: 'Artigos, guias e documentação sobre a plataforma e estratégias.',
    to: ROUTES.knowledgeBase,
    cta: 'Ver artigos',
  },
  {
    icon: Video,
    title: 'Webinars',
    description: 'Encontros ao vivo com a equipe Arbitra: a agenda ainda não foi publicada.',
    to: ROUTES.webinars,
    cta: 'Ver agenda',
  },
  {
    icon: Headphones,
    title: 'Suporte',
    description: 'Fale com nosso time por email. Atendimento 24/7 no plano Enterprise.',
    to: ROUTES.support,
    cta: 'Falar com o suporte',
  },
];
