import { ACCOUNT_MESSAGES, type SessionUser } from '@arbitra/contracts';
import { FormAlert } from '@/components/ui/form-alert';
import { ROUTES } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { authApi, isTwoFactorChallenge } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthForm, useAuthForm } from './auth-form';
import { AuthLink } from './auth-link';
import { EmailField, FormField } from './form-field';
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

export function LoginForm({
  values,
  onChange,
  notice,
  onNoticeSeen,
  onSignedIn,
  onTwoFactorRequired,
}: LoginFormProps) {
  const form = useAuthForm();

  const edit = (patch: Partial<LoginValues>) => {
    form.clear();
    onNoticeSeen();
    onChange({ ...values, ...patch });
  };

  const submit = async () => {
    onNoticeSeen();
    let validateLogin: Awaited<ReturnType<typeof loadValidation>>['validateLogin'];
    try {
      ({ validateLogin } = await loadValidation());
    } catch (error) {
      // The chunk could not be fetched (offline, or a new deploy replaced it): say so, as for a failed request.
      form.refuse(errorMessage(error, ACCOUNT_MESSAGES.auth.loginError), true);
      return;
    }
    const checked = validateLogin(values);
    if (!checked.success) return form.refuse(checked.message);
    await form.send(async () => {
      const answer = await authApi.login(checked.data);
      if (isTwoFactorChallenge(answer)) onTwoFactorRequired(answer.challengeToken);
      else onSignedIn(answer.access_token, answer.user);
    }, ACCOUNT_MESSAGES.auth.loginError);
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
      <AuthForm
        form={form}
        label="Entrar"
        onSubmit={submit}
        onFocus={() => void loadValidation()}
        before={<FormAlert message={notice} />}
        submit={['Entrar', ACCOUNT_MESSAGES.auth.loggingIn]}
      >
        <EmailField id="login-email" value={values.email} onChange={(v) => edit({ email: v })} />
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
      </AuthForm>
    </AuthCard>
  );
}
