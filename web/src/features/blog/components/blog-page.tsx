import { useState } from 'react';
import { StaticPage } from '@/components/layout/static-page';
import { Button } from '@/components/ui/button';
import { FilterPills } from '@/components/ui/filter-pills';
import { BLOG_CATEGORIES, BLOG_POSTS, type BlogCategoryFilter } from '../data/blog-posts';
import { BLOG_PAGE_SIZE, blogView } from '../lib/blog-filter';
import { NewsletterBox } from './newsletter-box';
import { PopularPosts } from './popular-posts';
import { PostCard } from './post-card';

const CATEGORY_OPTIONS = BLOG_CATEGORIES.map((c) => ({ value: c, label: c }));

function articleCount(n: number): string {
  return n === 1 ? '1 artigo' : `${n} artigos`;
}

export function BlogPage() {
  const [category, setCategory] = useState<BlogCategoryFilter>('Todos');
  const [visible, setVisible] = useState(BLOG_PAGE_SIZE);
  const view = blogView(BLOG_POSTS, category);
  const shown = view.list.slice(0, visible);

  const selectCategory = (next: BlogCategoryFilter) => {
    setCategory(next);
    setVisible(BLOG_PAGE_SIZE);
  };

  return (
    <StaticPage
      eyebrow="Blog"
      title="Blog do Arbitra"
      description="Estratégias, mercado, segurança e tecnologia por trás da arbitragem de criptoativos."
    >
      <div className="flex flex-col gap-10">
        <FilterPills
          label="Categorias"
          options={CATEGORY_OPTIONS}
          value={category}
          onChange={selectCategory}
        />
        {view.featured.length > 0 ? (
          <section aria-label="Artigos em destaque" className="grid gap-5 md:grid-cols-2">
            {view.featured.map((post) => (
              <PostCard key={post.id} post={post} featured />
            ))}
          </section>
        ) : null}
        <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
          <section aria-label="Artigos" className="flex flex-col gap-5">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {articleCount(view.total)} em {category === 'Todos' ? 'todas as categorias' : category}
            </p>
            <div className="grid gap-5 md:grid-cols-2">
              {shown.map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
            </div>
            {shown.length < view.list.length ? (
              <Button
                variant="outline"
                className="self-center"
                onClick={() => setVisible((n) => n + BLOG_PAGE_SIZE)}
              >
                Carregar mais
              </Button>
            ) : null}
          </section>
          <aside className="flex flex-col gap-5">
            <PopularPosts />
            <NewsletterBox />
          </aside>
        </div>
      </div>
    </StaticPage>
  );
}
