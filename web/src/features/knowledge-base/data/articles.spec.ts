import { KB_ARTICLE_SLUGS } from '@arbitra/contracts';
import { describe, expect, it } from 'vitest';
import { ARTICLES, loadArticleBody } from './articles';

describe('knowledge-base articles', () => {
  it('are exactly the slugs the api counts views for, each with a real markdown text', async () => {
    expect(ARTICLES.map((a) => a.slug).sort()).toEqual([...KB_ARTICLE_SLUGS].sort());
    for (const a of ARTICLES) {
      const body = await loadArticleBody(a.slug);
      expect(body.split(/\s+/).length, a.slug).toBeGreaterThan(250);
      // Links inside the site point at pages that exist.
      for (const [, slug] of body.matchAll(/\]\(\/knowledge-base\/([^)]+)\)/g))
        expect(KB_ARTICLE_SLUGS as readonly string[], `${a.slug} → ${slug}`).toContain(slug);
    }
  });
});
