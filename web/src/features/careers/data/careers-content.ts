import {
  BookOpen,
  Coffee,
  HeartPulse,
  Home,
  Laptop,
  PiggyBank,
  Rocket,
  Sparkles,
  Target,
  Users,
} from 'lucide-react';
import type { FeatureItem } from '@/components/ui/feature-grid';
import type { NumberedStep } from '@/components/ui/numbered-steps';

export interface Job {
  id: string;
  title: string;
  department: string;
  location: string;
  type: string;
  level: string;
  description: string;
  requirements: readonly string[];
}

export const JOBS: readonly Job[] = [
  {
    id: 'backend-senior',
    title: 'Engenheiro(a) de Software Backend',
    department: 'Engenharia',
    location: 'Remoto (Brasil)',
    type: 'Tempo integral',
    level: 'Sênior',
    description:
      'Construa o motor de arbitragem: feeds de mercado, detectores de oportunidades e execução de ordens com baixa latência.',
    requirements: [
      'Node.js e TypeScript em produção',
      'Sistemas orientados a eventos e filas',
      'PostgreSQL',
      'Desejável: experiência com mercado financeiro',
    ],
  },
  {
    id: 'frontend-pleno',
    title: 'Engenheiro(a) de Software Frontend',
    department: 'Engenharia',
    location: 'Remoto (Brasil)',
    type: 'Tempo integral',
    level: 'Pleno',
    description:
      'Crie interfaces em tempo real claras e acessíveis para traders, do scanner ao painel de bots.',
    requirements: [
      'React e TypeScript',
      'Dados em tempo real (WebSocket)',
      'Atenção a acessibilidade e desempenho',
    ],
  },
  {
    id: 'quant',
    title: 'Analista Quantitativo(a)',
    department: 'Pesquisa',
    location: 'São Paulo (híbrido)',
    type: 'Tempo integral',
    level: 'Pleno',
    description:
      'Pesquise e valide estratégias de arbitragem estatística e triangular, com foco em risco e custos reais.',
    requirements: [
      'Estatística e séries temporais',
      'Python ou TypeScript',
      'Conhecimento de microestrutura de mercado',
    ],
  },
  {
    id: 'suporte',
    title: 'Especialista de Suporte ao Cliente',
    department: 'Atendimento',
    location: 'Remoto (Brasil)',
    type: 'Tempo integral',
    level: 'Júnior',
    description:
      'Ajude nossos usuários a configurar exchanges e bots, e leve o que aprender com eles ao time de produto.',
    requirements: ['Boa comunicação escrita', 'Interesse por criptoativos', 'Organização e empatia'],
  },
];

export const BENEFITS: readonly FeatureItem[] = [
  { icon: HeartPulse, title: 'Saúde', description: 'Plano de saúde e odontológico para você e dependentes.' },
  {
    icon: Home,
    title: 'Trabalho remoto',
    description: 'Trabalhe de onde quiser no Brasil, com horários flexíveis.',
  },
  {
    icon: Laptop,
    title: 'Equipamento',
    description: 'Notebook e auxílio para montar seu espaço de trabalho.',
  },
  {
    icon: BookOpen,
    title: 'Aprendizado',
    description: 'Orçamento anual para cursos, livros e conferências.',
  },
  { icon: PiggyBank, title: 'Participação', description: 'Programa de participação nos resultados.' },
  {
    icon: Coffee,
    title: 'Bem-estar',
    description: 'Auxílio para atividade física e dias de descanso extras.',
  },
];

export const CULTURE: readonly FeatureItem[] = [
  {
    icon: Target,
    title: 'Honestidade com números',
    description: 'Não prometemos o que não medimos — nem para clientes, nem entre nós.',
  },
  {
    icon: Rocket,
    title: 'Autonomia com responsabilidade',
    description: 'Times pequenos, donos do que constroem, do design à produção.',
  },
  {
    icon: Users,
    title: 'Colaboração',
    description: 'Revisões cuidadosas, documentação clara e ajuda sem burocracia.',
  },
  {
    icon: Sparkles,
    title: 'Curiosidade',
    description: 'Mercados mudam todo dia; aprender faz parte do trabalho.',
  },
];

export const SELECTION_STEPS: readonly NumberedStep[] = [
  {
    title: 'Inscrição',
    description: 'Envie seu currículo ou perfil e conte por que quer trabalhar no Arbitra.',
  },
  {
    title: 'Conversa inicial',
    description: 'Um bate-papo com nosso time de pessoas sobre sua trajetória e expectativas.',
  },
  {
    title: 'Desafio técnico',
    description: 'Um exercício prático, próximo do dia a dia da vaga, feito no seu tempo.',
  },
  {
    title: 'Entrevista final',
    description: 'Conversa com o time e a liderança, e uma proposta se houver encaixe.',
  },
];
