/**
 * The public content (issue 16): the knowledge base's articles and the blog's posts, by slug. The web app holds
 * their text (markdown files); the api knows the slugs to count page views ('Mais lidos') only for real pages.
 */
export const KB_ARTICLE_SLUGS = [
  'o-que-e-arbitragem-de-criptomoedas',
  'criando-sua-conta-e-o-periodo-de-teste',
  'como-gerar-chaves-de-api-na-binance',
  'conectando-o-mercado-bitcoin',
  'seu-primeiro-bot-no-modo-simulado',
  'do-modo-simulado-ao-real',
  'arbitragem-triangular-explicada',
  'arbitragem-estatistica-e-o-z-score-do-spread',
  'ativando-a-autenticacao-em-dois-fatores',
  'como-protegemos-suas-chaves-de-api',
  'planos-limites-e-upgrade',
  'pagamento-por-cartao-pix-ou-boleto',
  'lucro-liquido-taxas-profundidade-e-cotacao-usdt-brl',
  'impostos-sobre-criptoativos-visao-geral',
] as const;

export const BLOG_POST_SLUGS = [
  'como-funciona-a-arbitragem-entre-exchanges',
  'boas-praticas-para-proteger-suas-chaves-de-api',
  'spread-bruto-engana-taxas-e-profundidade-do-livro',
  'por-dentro-do-motor-arquitetura-orientada-a-eventos',
  'gestao-de-risco-para-bots-limites-que-salvam-o-mes',
  'arbitragem-em-defi-oportunidades-e-armadilhas',
] as const;

export type KbArticleSlug = (typeof KB_ARTICLE_SLUGS)[number];
export type BlogPostSlug = (typeof BLOG_POST_SLUGS)[number];

/** What a page view counts: a knowledge-base article or a blog post. */
export const CONTENT_KINDS = ['article', 'post'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const CONTENT_SLUGS: Readonly<Record<ContentKind, readonly string[]>> = {
  article: KB_ARTICLE_SLUGS,
  post: BLOG_POST_SLUGS,
};

/** How many entries 'Mais lidos' shows. */
export const POPULAR_CONTENT_LIMIT = 5;
