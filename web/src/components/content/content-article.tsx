import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DocumentTitle } from '@/components/layout/document-title';
import { SignupCta } from '@/components/layout/signup-cta';
import { QueryState } from '@/components/ui/section-state';
import { Markdown } from './markdown';

interface ContentArticleProps {
  /** Identifies the text for caching (e.g. 'post:slug'). */
  id: string;
  back: { to: string; label: string };
  title: string;
  badges: ReactNode;
  meta: ReactNode;
  load: () => Promise<string>;
  aside: ReactNode;
}

/**
 * One page of the knowledge base or the blog: its own address (/knowledge-base/:slug, /blog/:slug, so it is
 * shareable and survives a reload), the markdown text loaded on demand, and a side column ('Mais lidos').
 */
export function ContentArticle({ id, back, title, badges, meta, load, aside }: ContentArticleProps) {
  const body = useQuery({ queryKey: ['content', 'body', id], queryFn: load, staleTime: Infinity });
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-14 px-4 py-14 sm:px-6">
      <DocumentTitle title={title} />
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article className="flex min-w-0 flex-col gap-4">
          <Link
            to={back.to}
            className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-primary"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {back.label}
          </Link>
          <div className="flex flex-wrap items-center gap-2">{badges}</div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">{meta}</div>
          <div className="border-t border-border pt-2">
            <QueryState query={body} fallback="Não foi possível carregar o texto. Tente novamente.">
              {(source) => <Markdown source={source} />}
            </QueryState>
          </div>
        </article>
        <aside className="flex flex-col gap-5">{aside}</aside>
      </div>
      <SignupCta />
    </div>
  );
}

/** An address that matches no article or post. */
export function ContentNotFound({ back }: { back: { to: string; label: string } }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <DocumentTitle title="Artigo não encontrado" />
      <FileQuestion className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-bold">Artigo não encontrado</h1>
      <p className="text-muted-foreground">O endereço pode ter mudado ou o artigo foi removido.</p>
      <Link to={back.to} className="font-medium text-primary underline underline-offset-4">
        {back.label}
      </Link>
    </div>
  );
}
