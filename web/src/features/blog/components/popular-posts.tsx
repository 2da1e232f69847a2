import { PopularList } from '@/components/content/popular-list';
import { blogPostPath } from '@/config/routes';
import { usePopular } from '@/lib/content-views';
import { findPost } from '../data/blog-posts';

/** 'Mais lidos' of the blog, from the measured page views (not an editorial list). */
export function PopularPosts() {
  const popular = usePopular('post');
  const entries = (popular.data?.items ?? []).flatMap(({ slug, views }) => {
    const p = findPost(slug);
    return p ? [{ to: blogPostPath(p.slug), title: p.title, meta: p.category, views }] : [];
  });
  return <PopularList entries={entries.slice(0, 3)} loading={popular.isPending} failed={popular.isError} />;
}
