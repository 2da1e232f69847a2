import { CalendarDays, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { Link } from 'react-router-dom';
import { blogPostPath } from '@/config/routes';
import { formatDate } from '@/lib/format';
import type { BlogPost } from '../data/blog-posts';

export function PostCard({ post, featured = false }: { post: BlogPost; featured?: boolean }) {
  return (
    <Card
      className={cn(
        'relative flex h-full flex-col transition-colors hover:border-primary/60',
        featured && 'border-primary/40 bg-gradient-to-br from-primary/10 to-card',
      )}
    >
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{post.category}</Badge>
          {featured ? <Badge variant="warning">Destaque</Badge> : null}
        </div>
        <CardTitle className={featured ? 'text-xl' : 'text-base'}>
          {/* The whole card opens the post (the link's area covers it). */}
          <Link to={blogPostPath(post.slug)} className="after:absolute after:inset-0">
            {post.title}
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-4">
        <CardDescription className="leading-relaxed">{post.excerpt}</CardDescription>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <PostMeta post={post} />
        </p>
      </CardContent>
    </Card>
  );
}

/** Author, date and reading time of a post (its card and its page). */
export function PostMeta({ post }: { post: BlogPost }) {
  return (
    <>
      <span>{post.author}</span>
      <span className="inline-flex items-center gap-1">
        <CalendarDays className="size-3.5" aria-hidden />
        <time dateTime={post.date}>{formatDate(post.date)}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock className="size-3.5" aria-hidden />
        {post.readTime} de leitura
      </span>
    </>
  );
}
