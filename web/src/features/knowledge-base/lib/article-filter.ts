import { normaliseForSearch } from '@/lib/text';
import type { KbCategoryFilter, KnowledgeArticle } from '../data/articles';

export const MAX_FEATURED = 4;

export interface ArticleFilter {
  query: string;
  category: KbCategoryFilter;
}

/** Articles of the category whose title or description contains the search (case and accents ignored). */
export function filterArticles(
  articles: readonly KnowledgeArticle[],
  { query, category }: ArticleFilter,
): KnowledgeArticle[] {
  const needle = normaliseForSearch(query);
  return articles.filter(
    (a) =>
      (category === 'all' || a.category === category) &&
      (!needle || normaliseForSearch(`${a.title} ${a.description}`).includes(needle)),
  );
}

/** Up to four featured articles, only when browsing all categories with no search. */
export function featuredArticles(
  articles: readonly KnowledgeArticle[],
  { query, category }: ArticleFilter,
): KnowledgeArticle[] {
  if (category !== 'all' || query.trim() !== '') return [];
  return articles.filter((a) => a.featured).slice(0, MAX_FEATURED);
}
