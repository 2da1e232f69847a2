import { Link } from 'react-router-dom';
import { StaticPage } from '@/components/layout/static-page';
import { ROUTES } from '@/config/routes';
import { HelpCards } from './help-center-section';

/** /help ('Ajuda' in the footer): the help centre — tutorial, knowledge base, support, and the platform's status. */
export function HelpPage() {
  return (
    <StaticPage
      eyebrow="Central de Ajuda"
      title="Central de Ajuda"
      description={
        <>
          Comece pelo tutorial, procure na base de conhecimento ou escreva para o suporte. Se algo parece fora
          do ar, veja o{' '}
          <Link to={ROUTES.status} className="text-primary underline underline-offset-4">
            status da plataforma
          </Link>
          .
        </>
      }
    >
      <HelpCards />
    </StaticPage>
  );
}
