import { MESSAGES } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { StaticPage } from '@/components/layout/static-page';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { newsletterApi } from '../api/newsletter-api';

/**
 * /newsletter/confirm?token=…: the link of the confirmation email. The page posts the token (a mail scanner
 * that only fetches the link confirms nothing).
 */
export function NewsletterConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useQuery({
    queryKey: ['newsletter', 'confirm', token],
    queryFn: () => newsletterApi.confirm(token),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <StaticPage
      eyebrow="Newsletter"
      title="Confirmação da inscrição"
      description="Newsletter do blog do Arbitra."
    >
      <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 text-center">
        {confirm.isPending ? (
          <Spinner label="Confirmando sua inscrição..." />
        ) : confirm.isError ? (
          <FormAlert message={errorMessage(confirm.error, MESSAGES.common.connectionError)} />
        ) : (
          <FormAlert variant="success" message={confirm.data.message} />
        )}
        <Link to={ROUTES.blog} className="font-medium text-primary underline underline-offset-4">
          Ir para o blog
        </Link>
      </div>
    </StaticPage>
  );
}
