import { PopularList } from '@/components/content/popular-list';
import { knowledgeArticlePath } from '@/config/routes';
import { usePopular } from '@/lib/content-views';
import { categoryLabel, findArticle } from '../data/articles';

/** 'Mais lidos' of the knowledge base, from the measured page views. */
export function PopularArticles() {
  const popular = usePopular('article');
  const entries = (popular.data?.items ?? []).flatMap(({ slug, views }) => {
    const a = findArticle(slug);
    return a
      ? [{ to: knowledgeArticlePath(a.slug), title: a.title, meta: categoryLabel(a.category), views }]
      : [];
  });
  return <PopularList entries={entries.slice(0, 5)} loading={popular.isPending} failed={popular.isError} />;
}
