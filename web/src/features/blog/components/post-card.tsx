import { CalendarDays, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { LinkCard } from '@/components/content/link-card';
import { blogPostPath } from '@/config/routes';
import { formatDate } from '@/lib/format';
import type { BlogPost } from '../data/blog-posts';

export function PostCard({ post, featured = false }: { post: BlogPost; featured?: boolean }) {
  return (
    <LinkCard
      to={blogPostPath(post.slug)}
      title={post.title}
      className={featured && 'border-primary/40 bg-gradient-to-br from-primary/10 to-card'}
      badges={
        <>
          <Badge>{post.category}</Badge>
          {featured ? <Badge variant="warning">Destaque</Badge> : null}
        </>
      }
      titleClassName={featured ? 'text-xl' : 'text-base'}
      contentClassName="gap-4"
      description={post.excerpt}
      descriptionClassName="leading-relaxed"
      metaClassName="flex flex-wrap gap-x-4 gap-y-1"
      meta={<PostMeta post={post} />}
    />
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
