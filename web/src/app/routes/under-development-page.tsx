import { COMMON_MESSAGES } from '@arbitra/contracts';
import { Construction } from 'lucide-react';
import { Link } from 'react-router-dom';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/routes';

/** One placeholder for every page that is not built yet. */
export function UnderDevelopmentPage({ title, detail }: { title: string; detail?: string }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-5 px-4 py-24 text-center">
      <DocumentTitle title={title} />
      <span className="flex size-14 items-center justify-center rounded-full bg-warning/15 text-warning">
        <Construction className="size-6" aria-hidden />
      </span>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">
        {COMMON_MESSAGES.underDevelopment} {detail ?? 'Volte em breve.'}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild variant="outline">
          <Link to={ROUTES.home}>Voltar ao início</Link>
        </Button>
        <Button asChild>
          <Link to={ROUTES.register}>Começar Grátis</Link>
        </Button>
      </div>
    </section>
  );
}
