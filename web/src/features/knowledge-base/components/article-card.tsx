import { BookOpen, Clock, FileCode2, PlayCircle, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { Link } from 'react-router-dom';
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
    <Card
      className={cn(
        'relative flex h-full flex-col transition-colors hover:border-primary/60',
        featured && 'border-primary/40',
      )}
    >
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">
            <TypeIcon aria-hidden />
            {ARTICLE_TYPE_LABELS[article.type]}
          </Badge>
          <Badge variant="outline">{categoryLabel(article.category)}</Badge>
        </div>
        <CardTitle className="text-base">
          {/* The whole card opens the article (the link's area covers it). */}
          <Link to={knowledgeArticlePath(article.slug)} className="after:absolute after:inset-0">
            {article.title}
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-3">
        <CardDescription>{article.description}</CardDescription>
        <p className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <Clock className="size-3.5" aria-hidden />
          {article.readTime}
        </p>
      </CardContent>
    </Card>
  );
}
