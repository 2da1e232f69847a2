import {
  COMMON_MESSAGES,
  ACCOUNT_MESSAGES,
  resetPasswordRequestSchema,
  validateRequest,
} from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ROUTES } from '@/config/routes';
import { errorCode, errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { authApi } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthForm, useAuthForm } from './auth-form';
import { AuthLink } from './auth-link';
import { ConfirmPasswordField } from './confirm-password-field';
import { NewPasswordField } from './form-field';

function InvalidLink({ message }: { message: string }) {
  return (
    <AuthCard
      title="Link inválido"
      description={message}
      footer={<AuthLink to={ROUTES.login}>Voltar para o login</AuthLink>}
    >
      <div className="flex flex-col items-center gap-4 py-2 text-center text-sm text-muted-foreground">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <LinkIcon className="size-6" aria-hidden />
        </span>
        <p>Cada link de redefinição vale por 1 hora e só pode ser usado uma vez.</p>
        <Button asChild>
          <Link to={ROUTES.forgotPassword}>Solicitar um novo link</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

/** /reset-password?token=… (DECISIONS §5): checks the link, then sets the new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) => authApi.checkResetToken(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const [spent, setSpent] = useState<string | null>(null);

  if (!token) return <InvalidLink message={ACCOUNT_MESSAGES.auth.resetLinkInvalid} />;
  if (spent) return <InvalidLink message={spent} />;
  if (check.isPending) {
    return (
      <AuthCard title="Redefinir senha" description="Verificando o link...">
        <Spinner className="mx-auto py-6" label="Verificando o link..." />
      </AuthCard>
    );
  }
  if (check.isError) {
    return (
      <AuthCard title="Redefinir senha" description="Não foi possível verificar o link.">
        <FormAlert
          message={errorMessage(check.error, ACCOUNT_MESSAGES.auth.resetLinkInvalid)}
          onRetry={() => void check.refetch()}
        />
      </AuthCard>
    );
  }
  if (!check.data.valid) {
    return <InvalidLink message={check.data.message ?? ACCOUNT_MESSAGES.auth.resetLinkInvalid} />;
  }
  return <ResetPasswordForm token={token} onLinkInvalid={setSpent} />;
}

function ResetPasswordForm({ token, onLinkInvalid }: { token: string; onLinkInvalid: (m: string) => void }) {
  const navigate = useNavigate();
  const { token: sessionToken, signOut } = useSession();
  const form = useAuthForm();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  const submit = async () => {
    const checked = validateRequest(resetPasswordRequestSchema, { token, password, confirmPassword });
    if (!checked.success) return form.refuse(checked.message);
    await form.send(
      async () => {
        const { message } = await authApi.resetPassword({ token, password, confirmPassword });
        // Every session of the account was ended by the server, this browser's included.
        if (sessionToken) signOut();
        toast({ title: message, variant: 'success' });
        void navigate(ROUTES.login, { replace: true });
      },
      COMMON_MESSAGES.internal,
      (error) => {
        if (errorCode(error) !== 'reset_link_invalid') return false;
        onLinkInvalid(errorMessage(error, ACCOUNT_MESSAGES.auth.resetLinkInvalid));
        return true;
      },
    );
  };

  return (
    <AuthCard
      title="Redefinir senha"
      description="Escolha uma nova senha para a sua conta."
      footer={<AuthLink to={ROUTES.login}>Voltar para o login</AuthLink>}
    >
      <AuthForm
        form={form}
        label="Redefinir senha"
        onSubmit={submit}
        submit={['Redefinir senha', 'Redefinindo...']}
      >
        <NewPasswordField
          id="reset-password"
          label="Nova senha"
          value={password}
          onChange={(v) => {
            form.clear();
            setPassword(v);
          }}
        />
        <ConfirmPasswordField
          id="reset-confirm-password"
          label="Confirmar nova senha"
          password={password}
          value={confirmPassword}
          onChange={(e) => {
            form.clear();
            setConfirmPassword(e.target.value);
          }}
        />
      </AuthForm>
    </AuthCard>
  );
}
