import { ACCOUNT_MESSAGES, type SessionUser } from '@arbitra/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { ROUTES } from '@/config/routes';
import { errorMessage, isNetworkError } from '@/lib/api-error';
import { authApi, isTwoFactorChallenge } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthLink } from './auth-link';
import { FormField } from './form-field';
import { PasswordInput } from './password-input';
import type { LoginValues } from '../lib/login-validation';

/** The form's validation (zod) is fetched on first focus, not with the page; submit awaits it if needed. */
const loadValidation = () => import('../lib/login-validation');

interface LoginFormProps {
  values: LoginValues;
  onChange: (values: LoginValues) => void;
  /** A message brought back from the 2FA step (e.g. the challenge expired). */
  notice: string | null;
  onNoticeSeen: () => void;
  onSignedIn: (token: string, user: SessionUser) => void;
  onTwoFactorRequired: (challengeToken: string) => void;
}

interface FailedState {
  message: string;
  network: boolean;
}

export function LoginForm({
  values,
  onChange,
  notice,
  onNoticeSeen,
  onSignedIn,
  onTwoFactorRequired,
}: LoginFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<FailedState | null>(null);

  const edit = (patch: Partial<LoginValues>) => {
    setFailure(null);
    onNoticeSeen();
    onChange({ ...values, ...patch });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    onNoticeSeen();
    let validateLogin: Awaited<ReturnType<typeof loadValidation>>['validateLogin'];
    try {
      ({ validateLogin } = await loadValidation());
    } catch (error) {
      // The chunk could not be fetched (offline, or a new deploy replaced it): say so, as for a failed request.
      setFailure({ message: errorMessage(error, ACCOUNT_MESSAGES.auth.loginError), network: true });
      return;
    }
    const checked = validateLogin(values);
    if (!checked.success) {
      setFailure({ message: checked.message, network: false });
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await authApi.login(checked.data);
      if (isTwoFactorChallenge(answer)) onTwoFactorRequired(answer.challengeToken);
      else onSignedIn(answer.access_token, answer.user);
    } catch (error) {
      setFailure({
        message: errorMessage(error, ACCOUNT_MESSAGES.auth.loginError),
        network: isNetworkError(error),
      });
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Entrar"
      description="Acesse sua conta para acompanhar seus bots e oportunidades."
      footer={
        <p>
          Não tem uma conta? <AuthLink to={ROUTES.register}>Criar conta</AuthLink>
        </p>
      }
    >
      <form
        ref={formRef}
        noValidate
        aria-label="Entrar"
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
        onFocus={() => void loadValidation()}
      >
        <FormAlert message={notice} />
        <FormAlert
          message={failure?.message ?? null}
          onRetry={failure?.network ? () => formRef.current?.requestSubmit() : undefined}
        />
        <FormField id="login-email" label="Email">
          <Input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="seu@email.com"
            required
            value={values.email}
            onChange={(e) => edit({ email: e.target.value })}
          />
        </FormField>
        <FormField
          id="login-password"
          label="Senha"
          aside={
            <AuthLink to={ROUTES.forgotPassword} className="text-xs">
              Esqueceu a senha?
            </AuthLink>
          }
        >
          <PasswordInput
            id="login-password"
            name="password"
            autoComplete="current-password"
            placeholder="Sua senha"
            required
            value={values.password}
            onChange={(e) => edit({ password: e.target.value })}
          />
        </FormField>
        <label className="flex w-fit cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="remember"
            className="size-4 accent-primary"
            checked={values.remember}
            onChange={(e) => edit({ remember: e.target.checked })}
          />
          Lembrar de mim
        </label>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? ACCOUNT_MESSAGES.auth.loggingIn : 'Entrar'}
        </Button>
      </form>
    </AuthCard>
  );
}
