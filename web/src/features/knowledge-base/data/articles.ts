export const KB_CATEGORIES = [
  { value: 'all', label: 'Todos' },
  { value: 'getting-started', label: 'Primeiros passos' },
  { value: 'exchanges', label: 'Exchanges' },
  { value: 'bots', label: 'Bots' },
  { value: 'strategies', label: 'Estratégias' },
  { value: 'security', label: 'Segurança' },
  { value: 'billing', label: 'Conta e pagamentos' },
] as const;

export type KbCategoryFilter = (typeof KB_CATEGORIES)[number]['value'];
export type KbCategory = Exclude<KbCategoryFilter, 'all'>;

export type ArticleType = 'article' | 'video' | 'documentation';

export const ARTICLE_TYPE_LABELS: Record<ArticleType, string> = {
  article: 'Artigo',
  video: 'Vídeo',
  documentation: 'Documentação',
};

export interface KnowledgeArticle {
  id: number;
  title: string;
  description: string;
  category: KbCategory;
  type: ArticleType;
  readTime: string;
  featured: boolean;
}

export const ARTICLES: readonly KnowledgeArticle[] = [
  {
    id: 1,
    title: 'O que é arbitragem de criptomoedas',
    description:
      'Entenda por que os preços diferem entre exchanges e como a arbitragem aproveita essa diferença.',
    category: 'getting-started',
    type: 'article',
    readTime: '5 min',
    featured: true,
  },
  {
    id: 2,
    title: 'Criando sua conta e o período de teste',
    description: 'Passo a passo do cadastro e do que está incluído nos 7 dias grátis do plano Profissional.',
    category: 'getting-started',
    type: 'video',
    readTime: '4 min',
    featured: true,
  },
  {
    id: 3,
    title: 'Como gerar chaves de API na Binance',
    description: 'Crie uma chave só com permissão de leitura e negociação, sem saque, e restrinja por IP.',
    category: 'exchanges',
    type: 'documentation',
    readTime: '6 min',
    featured: true,
  },
  {
    id: 4,
    title: 'Conectando o Mercado Bitcoin',
    description: 'Particularidades da integração com o Mercado Bitcoin e limites de requisições.',
    category: 'exchanges',
    type: 'documentation',
    readTime: '5 min',
    featured: false,
  },
  {
    id: 5,
    title: 'Seu primeiro bot no modo simulado',
    description:
      'Configure pares, exchanges, investimento máximo e lucro mínimo, e acompanhe as operações simuladas.',
    category: 'bots',
    type: 'video',
    readTime: '8 min',
    featured: true,
  },
  {
    id: 6,
    title: 'Do modo simulado ao real',
    description:
      'O que verificar antes de ativar um bot com dinheiro real: credenciais validadas, saldos e limites.',
    category: 'bots',
    type: 'article',
    readTime: '6 min',
    featured: true,
  },
  {
    id: 7,
    title: 'Arbitragem triangular explicada',
    description: 'Três operações na mesma exchange para lucrar com preços cruzados inconsistentes.',
    category: 'strategies',
    type: 'article',
    readTime: '7 min',
    featured: false,
  },
  {
    id: 8,
    title: 'Arbitragem estatística e o z-score do spread',
    description: 'Como o bot decide entrar e sair pela distância do spread em relação à sua média.',
    category: 'strategies',
    type: 'article',
    readTime: '9 min',
    featured: false,
  },
  {
    id: 9,
    title: 'Ativando a autenticação em dois fatores',
    description: 'Use um aplicativo autenticador e guarde seus códigos de backup em lugar seguro.',
    category: 'security',
    type: 'documentation',
    readTime: '4 min',
    featured: false,
  },
  {
    id: 10,
    title: 'Como protegemos suas chaves de API',
    description:
      'Criptografia AES-256-GCM, segredos que nunca voltam para o navegador e validação com a exchange.',
    category: 'security',
    type: 'article',
    readTime: '5 min',
    featured: false,
  },
  {
    id: 11,
    title: 'Planos, limites e upgrade',
    description: 'O que cada plano inclui, quantos bots e exchanges você pode usar e como mudar de plano.',
    category: 'billing',
    type: 'article',
    readTime: '4 min',
    featured: false,
  },
  {
    id: 12,
    title: 'Pagamento por cartão, PIX ou boleto',
    description: 'Formas de pagamento aceitas, prazos de confirmação e cancelamento da assinatura.',
    category: 'billing',
    type: 'documentation',
    readTime: '3 min',
    featured: false,
  },
];
