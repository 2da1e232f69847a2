import type { BlogCategoryFilter, BlogPost } from '../data/blog-posts';

export const BLOG_PAGE_SIZE = 3;

export interface BlogView {
  /** Featured posts, shown above the list only under 'Todos'. */
  featured: readonly BlogPost[];
  /** The filtered posts not already shown as featured. */
  list: readonly BlogPost[];
  /** How many posts match the category (featured included). */
  total: number;
}

export function blogView(posts: readonly BlogPost[], category: BlogCategoryFilter): BlogView {
  const matching = category === 'Todos' ? posts : posts.filter((p) => p.category === category);
  const featured = category === 'Todos' ? matching.filter((p) => p.featured) : [];
  return { featured, list: matching.filter((p) => !featured.includes(p)), total: matching.length };
}
