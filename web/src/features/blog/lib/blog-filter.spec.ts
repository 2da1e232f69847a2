import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES, BLOG_POSTS } from '../data/blog-posts';
import { blogView } from './blog-filter';

describe('blogView', () => {
  it('has the seven categories and six posts', () => {
    expect(BLOG_CATEGORIES).toEqual([
      'Todos',
      'Tecnologia',
      'Segurança',
      'Mercado',
      'Estratégias',
      'Risco',
      'DeFi',
    ]);
    expect(BLOG_POSTS).toHaveLength(6);
  });

  it('shows featured posts apart under Todos', () => {
    const view = blogView(BLOG_POSTS, 'Todos');
    expect(view.total).toBe(6);
    expect(view.featured.map((p) => p.id)).toEqual([1, 2]);
    expect(view.list.map((p) => p.id)).toEqual([3, 4, 5, 6]);
  });

  it('filters by category, with no featured block', () => {
    const view = blogView(BLOG_POSTS, 'Segurança');
    expect(view).toEqual({ featured: [], list: [BLOG_POSTS[1]], total: 1 });
  });
});
