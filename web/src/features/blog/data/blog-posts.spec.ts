import { BLOG_POST_SLUGS, KB_ARTICLE_SLUGS } from '@arbitra/contracts';
import { describe, expect, it } from 'vitest';
import { BLOG_POSTS, loadPostBody } from './blog-posts';

describe('blog posts', () => {
  it('are exactly the slugs the api counts views for, each with a real markdown text', async () => {
    expect(BLOG_POSTS.map((p) => p.slug).sort()).toEqual([...BLOG_POST_SLUGS].sort());
    for (const p of BLOG_POSTS) {
      const body = await loadPostBody(p.slug);
      expect(body.split(/\s+/).length, p.slug).toBeGreaterThan(400);
      for (const [, slug] of body.matchAll(/\]\(\/blog\/([^)]+)\)/g))
        expect(BLOG_POST_SLUGS as readonly string[], `${p.slug} → ${slug}`).toContain(slug);
      for (const [, slug] of body.matchAll(/\]\(\/knowledge-base\/([^)]+)\)/g))
        expect(KB_ARTICLE_SLUGS as readonly string[], `${p.slug} → ${slug}`).toContain(slug);
    }
  });
});
