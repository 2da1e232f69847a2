import { BookOpen, Clock, FileCode2, PlayCircle, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import {
  ARTICLE_TYPE_LABELS,
  KB_CATEGORIES,
  type ArticleType,
  type KnowledgeArticle,
} from '../data/articles';

const TYPE_ICONS: Record<ArticleType, LucideIcon> = {
  article: BookOpen,
  video: PlayCircle,
  documentation: FileCode2,
};

const categoryLabel = (value: string) => KB_CATEGORIES.find((c) => c.value === value)?.label ?? value;

export function ArticleCard({
  article,
  featured = false,
}: {
  article: KnowledgeArticle;
  featured?: boolean;
}) {
  const TypeIcon = TYPE_ICONS[article.type];
  return (
    <Card className={cn('flex h-full flex-col', featured && 'border-primary/40')}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">
            <TypeIcon aria-hidden />
            {ARTICLE_TYPE_LABELS[article.type]}
          </Badge>
          <Badge variant="outline">{categoryLabel(article.category)}</Badge>
        </div>
        <CardTitle className="text-base">{article.title}</CardTitle>
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
