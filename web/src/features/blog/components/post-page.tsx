import { useParams } from 'react-router-dom';
import { ContentArticle, ContentNotFound } from '@/components/content/content-article';
import { Badge } from '@/components/ui/badge';
import { ROUTES } from '@/config/routes';
import { useRecordView } from '@/lib/content-views';
import { findPost, loadPostBody } from '../data/blog-posts';
import { NewsletterBox } from './newsletter-box';
import { PopularPosts } from './popular-posts';
import { PostMeta } from './post-card';

const BACK = { to: ROUTES.blog, label: 'Blog do Arbitra' };

/** /blog/:slug: one post, counted as a page view for 'Mais lidos'. */
export function BlogPostPage() {
  const { slug } = useParams();
  const post = findPost(slug);
  useRecordView('post', post?.slug ?? null);
  if (!post) return <ContentNotFound back={BACK} />;
  return (
    <ContentArticle
      id={`post:${post.slug}`}
      back={BACK}
      title={post.title}
      badges={<Badge>{post.category}</Badge>}
      meta={<PostMeta post={post} />}
      load={() => loadPostBody(post.slug)}
      aside={
        <>
          <PopularPosts />
          <NewsletterBox />
        </>
      }
    />
  );
}
