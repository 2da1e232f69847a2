import { MESSAGES } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import { MailCheck, LinkIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { errorCode, errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { authApi } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthLink } from './auth-link';

/**
 * /confirm-email?token=… : the link mailed to a new address. Opening it moves the account to that address (once,
 * within 24 hours); a signed-in browser's stored user is refreshed.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { token: sessionToken, signIn } = useSession();
  // A query, not an effect: it runs once per token even when React mounts the page twice.
  const confirm = useQuery({
    queryKey: ['auth', 'confirm-email', token],
    queryFn: ({ signal }) => authApi.confirmEmail(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const confirmed = confirm.isSuccess;

  useEffect(() => {
    if (!confirmed || !sessionToken) return;
    authApi
      .me()
      .then(({ user }) =>
        signIn(sessionToken, { id: user.id, name: user.name, email: user.email, role: user.role }),
      )
      .catch(() => undefined); // the stored user refreshes at the next sign-in anyway
  }, [confirmed, sessionToken, signIn]);

  const next = sessionToken ? ROUTES.dashboard : ROUTES.login;
  const footer = <AuthLink to={next}>{sessionToken ? 'Ir para o painel' : 'Ir para o login'}</AuthLink>;

  if (!token || (confirm.isError && errorCode(confirm.error) === 'email_change_link_invalid')) {
    return (
      <AuthCard title="Link inválido" description={MESSAGES.profile.emailChangeLinkInvalid} footer={footer}>
        <div className="flex justify-center py-2 text-destructive">
          <LinkIcon className="size-8" aria-hidden />
        </div>
      </AuthCard>
    );
  }
  if (confirm.isPending) {
    return (
      <AuthCard title="Confirmar email" description={MESSAGES.profile.emailChangeConfirming}>
        <Spinner className="mx-auto py-6" label={MESSAGES.profile.emailChangeConfirming} />
      </AuthCard>
    );
  }
  if (confirm.isError) {
    return (
      <AuthCard title="Confirmar email" description="Não foi possível confirmar o email." footer={footer}>
        <FormAlert
          message={errorMessage(confirm.error, MESSAGES.common.internal)}
          onRetry={() => void confirm.refetch()}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Email confirmado" description={confirm.data.message}>
      <div className="flex flex-col items-center gap-4 py-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck className="size-6" aria-hidden />
        </span>
        <Button asChild>
          <Link to={next}>{sessionToken ? 'Ir para o painel' : 'Entrar com o novo email'}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
