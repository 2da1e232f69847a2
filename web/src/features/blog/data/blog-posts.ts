import type { BlogPostSlug } from '@arbitra/contracts';

export const BLOG_CATEGORIES = [
  'Todos',
  'Tecnologia',
  'Segurança',
  'Mercado',
  'Estratégias',
  'Risco',
  'DeFi',
] as const;

export type BlogCategoryFilter = (typeof BLOG_CATEGORIES)[number];
export type BlogCategory = Exclude<BlogCategoryFilter, 'Todos'>;

export interface BlogPost {
  id: number;
  /** The post's address: /blog/{slug}; its text is content/{slug}.md. */
  slug: BlogPostSlug;
  title: string;
  excerpt: string;
  author: string;
  /** Calendar date, yyyy-MM-dd. */
  date: string;
  category: BlogCategory;
  readTime: string;
  featured: boolean;
}

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    id: 1,
    slug: 'como-funciona-a-arbitragem-entre-exchanges',
    title: 'Como funciona a arbitragem entre exchanges',
    excerpt:
      'Do conceito à execução: por que o mesmo ativo tem preços diferentes em cada exchange e o que é preciso para capturar essa diferença.',
    author: 'Equipe de Pesquisa',
    date: '2026-02-12',
    category: 'Estratégias',
    readTime: '3 min',
    featured: true,
  },
  {
    id: 2,
    slug: 'boas-praticas-para-proteger-suas-chaves-de-api',
    title: 'Boas práticas para proteger suas chaves de API',
    excerpt:
      'Permissões mínimas, sem saque, lista de IPs e autenticação em dois fatores: o básico para operar com bots sem expor seu patrimônio.',
    author: 'Equipe de Segurança',
    date: '2026-02-05',
    category: 'Segurança',
    readTime: '3 min',
    featured: true,
  },
  {
    id: 3,
    slug: 'spread-bruto-engana-taxas-e-profundidade-do-livro',
    title: 'Spread bruto engana: taxas e profundidade do livro',
    excerpt:
      'Uma diferença de preço na tela nem sempre é lucro. Veja como taxas taker e a liquidez disponível mudam o resultado de uma operação.',
    author: 'Equipe de Pesquisa',
    date: '2026-01-28',
    category: 'Mercado',
    readTime: '3 min',
    featured: false,
  },
  {
    id: 4,
    slug: 'por-dentro-do-motor-arquitetura-orientada-a-eventos',
    title: 'Por dentro do motor: arquitetura orientada a eventos',
    excerpt:
      'Como o Arbitra reage a cada atualização dos livros de ofertas, detecta oportunidades e evita execuções duplicadas.',
    author: 'Equipe de Engenharia',
    date: '2026-01-20',
    category: 'Tecnologia',
    readTime: '3 min',
    featured: false,
  },
  {
    id: 5,
    slug: 'gestao-de-risco-para-bots-limites-que-salvam-o-mes',
    title: 'Gestão de risco para bots: limites que salvam o mês',
    excerpt: 'Tamanho de posição, perda diária máxima e o que fazer quando uma perna da operação falha.',
    author: 'Equipe de Pesquisa',
    date: '2026-01-14',
    category: 'Risco',
    readTime: '3 min',
    featured: false,
  },
  {
    id: 6,
    slug: 'arbitragem-em-defi-oportunidades-e-armadilhas',
    title: 'Arbitragem em DeFi: oportunidades e armadilhas',
    excerpt:
      'Pools de liquidez, custos de gás e risco de contrato inteligente: o que muda quando a arbitragem sai das exchanges centralizadas.',
    author: 'Equipe de Pesquisa',
    date: '2026-01-07',
    category: 'DeFi',
    readTime: '3 min',
    featured: false,
  },
];

const BODIES = import.meta.glob<string>('../content/*.md', { query: '?raw', import: 'default' });

export function findPost(slug: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((p) => p.slug === slug);
}

/** The post's text (markdown), loaded on demand: each post is its own small chunk. */
export async function loadPostBody(slug: BlogPostSlug): Promise<string> {
  const load = BODIES[`../content/${slug}.md`];
  if (!load) throw new Error(`blog post without content: ${slug}`);
  return load();
}
