import { Clock } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { ContentArticle, ContentNotFound } from '@/components/content/content-article';
import { Badge } from '@/components/ui/badge';
import { ROUTES } from '@/config/routes';
import { useRecordView } from '@/lib/content-views';
import { ARTICLE_TYPE_LABELS, categoryLabel, findArticle, loadArticleBody } from '../data/articles';
import { PopularArticles } from './popular-articles';

const BACK = { to: ROUTES.knowledgeBase, label: 'Base de conhecimento' };

/** /knowledge-base/:slug: one article, counted as a page view for 'Mais lidos'. */
export function KnowledgeArticlePage() {
  const { slug } = useParams();
  const article = findArticle(slug);
  useRecordView('article', article?.slug ?? null);
  if (!article) return <ContentNotFound back={BACK} />;
  return (
    <ContentArticle
      id={`article:${article.slug}`}
      back={BACK}
      title={article.title}
      badges={
        <>
          <Badge variant="secondary">{ARTICLE_TYPE_LABELS[article.type]}</Badge>
          <Badge variant="outline">{categoryLabel(article.category)}</Badge>
        </>
      }
      meta={
        <>
          <span>{article.description}</span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden />
            {article.readTime} de leitura
          </span>
        </>
      }
      load={() => loadArticleBody(article.slug)}
      aside={<PopularArticles />}
    />
  );
}
