import { BookOpen, Clock, FileCode2, PlayCircle, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { LinkCard } from '@/components/content/link-card';
import { knowledgeArticlePath } from '@/config/routes';
import {
  ARTICLE_TYPE_LABELS,
  categoryLabel,
  type ArticleType,
  type KnowledgeArticle,
} from '../data/articles';

const TYPE_ICONS: Record<ArticleType, LucideIcon> = {
  article: BookOpen,
  video: PlayCircle,
  documentation: FileCode2,
};

export function ArticleCard({
  article,
  featured = false,
}: {
  article: KnowledgeArticle;
  featured?: boolean;
}) {
  const TypeIcon = TYPE_ICONS[article.type];
  return (
    <LinkCard
      to={knowledgeArticlePath(article.slug)}
      title={article.title}
      className={featured && 'border-primary/40'}
      badges={
        <>
          <Badge variant="secondary">
            <TypeIcon aria-hidden />
            {ARTICLE_TYPE_LABELS[article.type]}
          </Badge>
          <Badge variant="outline">{categoryLabel(article.category)}</Badge>
        </>
      }
      titleClassName="text-base"
      contentClassName="gap-3"
      description={article.description}
      metaClassName="inline-flex items-center gap-1"
      meta={
        <>
          <Clock className="size-3.5" aria-hidden />
          {article.readTime}
        </>
      }
    />
  );
}
