import { Search, SearchX } from 'lucide-react';
import { useState } from 'react';
import { ContentSection } from '@/components/layout/content-section';
import { StaticPage } from '@/components/layout/static-page';
import { FilterPills } from '@/components/ui/filter-pills';
import { Input } from '@/components/ui/input';
import { ARTICLES, KB_CATEGORIES, type KbCategoryFilter } from '../data/articles';
import { featuredArticles, filterArticles } from '../lib/article-filter';
import { ArticleCard } from './article-card';

function countLabel(n: number): string {
  return n === 1 ? '1 artigo encontrado' : `${n} artigos encontrados`;
}

export function KnowledgeBasePage() {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<KbCategoryFilter>('all');
  const filter = { query, category };
  const featured = featuredArticles(ARTICLES, filter);
  const results = filterArticles(ARTICLES, filter);

  return (
    <StaticPage
      eyebrow="Base de conhecimento"
      title="Como podemos ajudar?"
      description="Guias e documentação sobre arbitragem, bots, exchanges, impostos e a sua conta."
    >
      <div className="flex flex-col gap-5">
        <div className="relative max-w-xl">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Buscar artigos"
            placeholder="Buscar artigos..."
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="h-12 pl-10"
          />
        </div>
        <FilterPills label="Categorias" options={KB_CATEGORIES} value={category} onChange={setCategory} />
      </div>
      {featured.length > 0 ? (
        <ContentSection title="Em destaque">
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {featured.map((article) => (
              <ArticleCard key={article.id} article={article} featured />
            ))}
          </div>
        </ContentSection>
      ) : null}
      <ContentSection
        title="Artigos"
        description={<span aria-live="polite">{countLabel(results.length)}</span>}
      >
        {results.length > 0 ? (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {results.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border py-14 text-center">
            <SearchX className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-semibold">Nenhum artigo encontrado</p>
            <p className="text-sm text-muted-foreground">Tente outros termos ou outra categoria.</p>
          </div>
        )}
      </ContentSection>
    </StaticPage>
  );
}
