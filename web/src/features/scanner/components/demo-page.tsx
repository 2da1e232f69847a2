import { EXCHANGES } from '@arbitra/contracts';
import { Link } from 'react-router-dom';
import { DocumentTitle } from '@/components/layout/document-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ComingSoon } from '@/components/ui/coming-soon';
import { PageHeader } from '@/components/ui/page-header';
import { ROUTES } from '@/config/routes';

/** /demo: the public live scanner (DECISIONS §1) arrives with the engine's feed; placeholder for now. */
export function DemoPage() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-12 sm:px-6">
      <DocumentTitle title="Demo" />
      <PageHeader
        eyebrow="Demo"
        title="Scanner de arbitragem"
        description="Veja as oportunidades entre exchanges como o Arbitra as calcula: líquidas de taxas e considerando a profundidade dos livros de ofertas."
        actions={
          <Button asChild>
            <Link to={ROUTES.register}>Criar conta para operar</Link>
          </Button>
        }
      />
      <div className="flex flex-wrap gap-2" aria-label="Exchanges monitoradas">
        {EXCHANGES.map((e) => (
          <Badge key={e.id} variant="outline">
            {e.displayName}
          </Badge>
        ))}
      </div>
      <ComingSoon
        title="Scanner ao vivo"
        description="As oportunidades ao vivo, com status de cada exchange, aparecerão aqui assim que o motor de mercado estiver conectado."
      />
    </div>
  );
}
