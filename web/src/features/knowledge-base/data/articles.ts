import type { KbArticleSlug } from '@arbitra/contracts';

export const KB_CATEGORIES = [
  { value: 'all', label: 'Todos' },
  { value: 'getting-started', label: 'Primeiros passos' },
  { value: 'exchanges', label: 'Exchanges' },
  { value: 'bots', label: 'Bots' },
  { value: 'strategies', label: 'Estratégias' },
  { value: 'security', label: 'Segurança' },
  { value: 'billing', label: 'Conta e pagamentos' },
  { value: 'taxes', label: 'Impostos' },
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
  /** The page's address: /knowledge-base/{slug}; its text is content/{slug}.md. */
  slug: KbArticleSlug;
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
    slug: 'o-que-e-arbitragem-de-criptomoedas',
    title: 'O que é arbitragem de criptomoedas',
    description:
      'Entenda por que os preços diferem entre exchanges e como a arbitragem aproveita essa diferença.',
    category: 'getting-started',
    type: 'article',
    readTime: '3 min',
    featured: true,
  },
  {
    id: 2,
    slug: 'criando-sua-conta-e-o-periodo-de-teste',
    title: 'Criando sua conta e o período de teste',
    description: 'Passo a passo do cadastro e do que está incluído nos 7 dias grátis do plano Profissional.',
    category: 'getting-started',
    type: 'article',
    readTime: '2 min',
    featured: true,
  },
  {
    id: 3,
    slug: 'como-gerar-chaves-de-api-na-binance',
    title: 'Como gerar chaves de API na Binance',
    description: 'Crie uma chave só com permissão de leitura e negociação, sem saque, e restrinja por IP.',
    category: 'exchanges',
    type: 'documentation',
    readTime: '2 min',
    featured: true,
  },
  {
    id: 4,
    slug: 'conectando-o-mercado-bitcoin',
    title: 'Conectando o Mercado Bitcoin',
    description: 'Particularidades da integração com o Mercado Bitcoin e limites de requisições.',
    category: 'exchanges',
    type: 'documentation',
    readTime: '3 min',
    featured: false,
  },
  {
    id: 5,
    slug: 'seu-primeiro-bot-no-modo-simulado',
    title: 'Seu primeiro bot no modo simulado',
    description:
      'Configure pares, exchanges, investimento máximo e lucro mínimo, e acompanhe as operações simuladas.',
    category: 'bots',
    type: 'article',
    readTime: '3 min',
    featured: true,
  },
  {
    id: 6,
    slug: 'do-modo-simulado-ao-real',
    title: 'Do modo simulado ao real',
    description:
      'O que verificar antes de ativar um bot com dinheiro real: credenciais validadas, saldos e limites.',
    category: 'bots',
    type: 'article',
    readTime: '3 min',
    featured: true,
  },
  {
    id: 7,
    slug: 'arbitragem-triangular-explicada',
    title: 'Arbitragem triangular explicada',
    description: 'Três operações na mesma exchange para lucrar com preços cruzados inconsistentes.',
    category: 'strategies',
    type: 'article',
    readTime: '2 min',
    featured: false,
  },
  {
    id: 8,
    slug: 'arbitragem-estatistica-e-o-z-score-do-spread',
    title: 'Arbitragem estatística e o z-score do spread',
    description: 'Como o bot decide entrar e sair pela distância do spread em relação à sua média.',
    category: 'strategies',
    type: 'article',
    readTime: '2 min',
    featured: false,
  },
  {
    id: 9,
    slug: 'ativando-a-autenticacao-em-dois-fatores',
    title: 'Ativando a autenticação em dois fatores',
    description: 'Use um aplicativo autenticador e guarde seus códigos de backup em lugar seguro.',
    category: 'security',
    type: 'documentation',
    readTime: '2 min',
    featured: false,
  },
  {
    id: 10,
    slug: 'como-protegemos-suas-chaves-de-api',
    title: 'Como protegemos suas chaves de API',
    description:
      'Criptografia AES-256-GCM, segredos que nunca voltam para o navegador e validação com a exchange.',
    category: 'security',
    type: 'article',
    readTime: '2 min',
    featured: false,
  },
  {
    id: 11,
    slug: 'planos-limites-e-upgrade',
    title: 'Planos, limites e upgrade',
    description: 'O que cada plano inclui, quantos bots e exchanges você pode usar e como mudar de plano.',
    category: 'billing',
    type: 'article',
    readTime: '2 min',
    featured: false,
  },
  {
    id: 12,
    slug: 'pagamento-por-cartao-pix-ou-boleto',
    title: 'Pagamento por cartão, PIX ou boleto',
    description: 'Formas de pagamento aceitas, prazos de confirmação e cancelamento da assinatura.',
    category: 'billing',
    type: 'documentation',
    readTime: '2 min',
    featured: false,
  },
  {
    id: 13,
    slug: 'lucro-liquido-taxas-profundidade-e-cotacao-usdt-brl',
    title: 'Lucro líquido: taxas, profundidade do livro e a cotação USDT/BRL',
    description:
      'Como o scanner calcula o lucro de uma oportunidade depois das taxas, no tamanho que o livro aguenta, e converte para reais.',
    category: 'strategies',
    type: 'documentation',
    readTime: '3 min',
    featured: false,
  },
  {
    id: 14,
    slug: 'impostos-sobre-criptoativos-visao-geral',
    title: 'Impostos sobre criptoativos: visão geral',
    description:
      'Ganho de capital, a isenção de R$ 35 mil para vendas no mês, declaração anual e o que guardar dos seus trades.',
    category: 'taxes',
    type: 'article',
    readTime: '3 min',
    featured: false,
  },
];

const BODIES = import.meta.glob<string>('../content/*.md', { query: '?raw', import: 'default' });

export const categoryLabel = (value: string) => KB_CATEGORIES.find((c) => c.value === value)?.label ?? value;

export function findArticle(slug: string | undefined): KnowledgeArticle | undefined {
  return ARTICLES.find((a) => a.slug === slug);
}

/** The article's text (markdown), loaded on demand: each article is its own small chunk. */
export async function loadArticleBody(slug: KbArticleSlug): Promise<string> {
  const load = BODIES[`../content/${slug}.md`];
  if (!load) throw new Error(`knowledge-base article without content: ${slug}`);
  return load();
}
