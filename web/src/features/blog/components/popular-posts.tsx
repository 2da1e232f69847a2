import { TrendingUp } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { BlogPost } from '../data/blog-posts';

export function PopularPosts({ posts }: { posts: readonly BlogPost[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <TrendingUp className="size-4 text-primary" aria-hidden />
          Mais lidos
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-4">
          {posts.map((post, index) => (
            <li key={post.id} className="flex gap-3">
              <span className="text-2xl leading-none font-bold text-primary/60">{index + 1}</span>
              <span className="flex flex-col gap-0.5">
                <span className="text-sm font-medium">{post.title}</span>
                <span className="text-xs text-muted-foreground">
                  {post.category} · {post.readTime}
                </span>
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
