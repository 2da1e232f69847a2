import { Eye, Gauge, Scale, ShieldCheck, Users, Wallet } from 'lucide-react';
import type { FeatureItem } from '@/components/ui/feature-grid';

export const MISSION =
  'Dar ao trader brasileiro, do iniciante ao profissional, as ferramentas de arbitragem que antes só as mesas institucionais tinham — com números honestos e controle total do risco.';

export const STORY: readonly string[] = [
  'Arbitrar parece simples: comprar onde está mais barato e vender onde está mais caro. Na prática, a diferença de preço some quando se considera a taxa de cada exchange, a profundidade do livro e o tempo de execução.',
  'O Arbitra foi criado para resolver exatamente isso. Calculamos cada oportunidade pelo que ela realmente rende depois das taxas e no volume que dá para executar, e deixamos você testar tudo no modo simulado antes de usar dinheiro real.',
];

export const PRINCIPLES: readonly FeatureItem[] = [
  {
    icon: Eye,
    title: 'Transparência',
    description: 'Dados simulados sempre aparecem identificados. Nenhum número é inventado.',
  },
  {
    icon: ShieldCheck,
    title: 'Segurança',
    description: 'Chaves criptografadas, autenticação em dois fatores e sessões sob o seu controle.',
  },
  {
    icon: Scale,
    title: 'Risco sob controle',
    description:
      'Limites de investimento, perda diária máxima e desfazimento imediato de operações incompletas.',
  },
  {
    icon: Gauge,
    title: 'Desempenho',
    description: 'Arquitetura orientada a eventos, que reage a cada atualização dos livros de ofertas.',
  },
  {
    icon: Wallet,
    title: 'Feito para o Brasil',
    description: 'Português, reais, PIX e boleto, e as exchanges que o brasileiro usa.',
  },
  {
    icon: Users,
    title: 'Para todos os níveis',
    description: 'Tutorial interativo e base de conhecimento para quem está começando.',
  },
];
