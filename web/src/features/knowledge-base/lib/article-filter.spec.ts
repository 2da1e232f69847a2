import { describe, expect, it } from 'vitest';
import { ARTICLES, type KnowledgeArticle } from '../data/articles';
import { featuredArticles, filterArticles } from './article-filter';

const ids = (list: readonly KnowledgeArticle[]) => list.map((a) => a.id);

describe('filterArticles', () => {
  it('returns everything for all categories and no search', () => {
    expect(filterArticles(ARTICLES, { query: '', category: 'all' })).toHaveLength(ARTICLES.length);
  });

  it('filters by category', () => {
    expect(ids(filterArticles(ARTICLES, { query: '', category: 'security' }))).toEqual([9, 10]);
  });

  it('searches title and description, ignoring case and accents', () => {
    expect(ids(filterArticles(ARTICLES, { query: 'TRIANGULAR', category: 'all' }))).toEqual([7]);
    expect(ids(filterArticles(ARTICLES, { query: 'autenticacao', category: 'all' }))).toEqual([9]);
    expect(ids(filterArticles(ARTICLES, { query: '  z-score ', category: 'strategies' }))).toEqual([8]);
  });

  it('combines search and category, and can find nothing', () => {
    expect(filterArticles(ARTICLES, { query: 'binance', category: 'billing' })).toEqual([]);
    expect(filterArticles(ARTICLES, { query: 'xyz inexistente', category: 'all' })).toEqual([]);
  });
});

describe('featuredArticles', () => {
  it('shows at most four featured articles when browsing everything', () => {
    expect(ARTICLES.filter((a) => a.featured).length).toBeGreaterThan(4);
    expect(ids(featuredArticles(ARTICLES, { query: '', category: 'all' }))).toEqual([1, 2, 3, 5]);
  });

  it('shows none under a category or while searching', () => {
    expect(featuredArticles(ARTICLES, { query: '', category: 'bots' })).toEqual([]);
    expect(featuredArticles(ARTICLES, { query: 'bot', category: 'all' })).toEqual([]);
    expect(featuredArticles(ARTICLES, { query: '   ', category: 'all' })).toHaveLength(4);
  });
});
