import { ACCOUNT_MESSAGES, LEGAL_VERSION, TRIAL_DAYS } from '@arbitra/contracts';
import { CalendarCheck, Mail, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Input } from '@/components/ui/input';
import { ROUTES } from '@/config/routes';
import { parseSessionUser, useSession } from '@/lib/session';
import { authApi } from '../api/auth-api';
import { registerFormError, type RegisterValues } from '../lib/register-form';
import { AuthCard } from './auth-card';
import { AuthForm, useAuthForm } from './auth-form';
import { AuthLink } from './auth-link';
import { ConfirmPasswordField } from './confirm-password-field';
import { EmailField, FormField, NewPasswordField } from './form-field';

const EMPTY: RegisterValues = { name: '', email: '', password: '', confirmPassword: '', terms: false };

const BENEFITS = [
  { icon: CalendarCheck, text: `${TRIAL_DAYS} dias grátis do plano Profissional` },
  { icon: Mail, text: 'Suporte por email (24/7 no Enterprise)' },
  { icon: RotateCcw, text: 'Cancele quando quiser' },
] as const;

/** /register (SPEC §2, §4, §5). */
export function RegisterPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const form = useAuthForm();
  const [values, setValues] = useState<RegisterValues>(EMPTY);

  const edit = (patch: Partial<RegisterValues>) => {
    form.clear();
    setValues((v) => ({ ...v, ...patch }));
  };

  const submit = async () => {
    const invalid = registerFormError(values);
    if (invalid) return form.refuse(invalid);
    await form.send(async () => {
      const { user, token } = await authApi.register({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        termsVersion: LEGAL_VERSION,
      });
      signIn(token, parseSessionUser(user));
      void navigate(ROUTES.dashboard, { replace: true });
    }, ACCOUNT_MESSAGES.auth.registerError);
  };

  return (
    <AuthCard
      title="Criar conta"
      description={`Comece com ${TRIAL_DAYS} dias grátis do plano Profissional.`}
      footer={
        <p>
          Já tem uma conta? <AuthLink to={ROUTES.login}>Entrar</AuthLink>
        </p>
      }
    >
      <AuthForm
        form={form}
        label="Criar conta"
        onSubmit={submit}
        submit={['Criar conta', ACCOUNT_MESSAGES.auth.creatingAccount]}
      >
        <FormField id="register-name" label="Nome completo">
          <Input
            id="register-name"
            name="name"
            autoComplete="name"
            placeholder="Seu nome"
            required
            maxLength={120}
            value={values.name}
            onChange={(e) => edit({ name: e.target.value })}
          />
        </FormField>
        <EmailField id="register-email" value={values.email} onChange={(v) => edit({ email: v })} />
        <NewPasswordField
          id="register-password"
          label="Senha"
          value={values.password}
          onChange={(v) => edit({ password: v })}
        />
        <ConfirmPasswordField
          id="register-confirm-password"
          password={values.password}
          value={values.confirmPassword}
          onChange={(e) => edit({ confirmPassword: e.target.value })}
        />
        <label className="flex cursor-pointer items-start gap-2 text-sm text-muted-foreground">
          <input
            type="checkbox"
            name="terms"
            required
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={values.terms}
            onChange={(e) => edit({ terms: e.target.checked })}
          />
          <span>
            Li e aceito os{' '}
            <a
              className="font-medium text-foreground underline"
              href={ROUTES.terms}
              target="_blank"
              rel="noreferrer"
            >
              Termos de Serviço
            </a>{' '}
            e a{' '}
            <a
              className="font-medium text-foreground underline"
              href={ROUTES.privacy}
              target="_blank"
              rel="noreferrer"
            >
              Política de Privacidade
            </a>
          </span>
        </label>
      </AuthForm>
      <section
        aria-label="Benefícios inclusos"
        className="rounded-md border border-primary/25 bg-primary/5 p-4"
      >
        <h2 className="mb-2 text-sm font-semibold">Benefícios inclusos</h2>
        <ul className="flex flex-col gap-1.5 text-sm text-muted-foreground">
          {BENEFITS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2">
              <Icon className="size-4 text-primary" aria-hidden />
              {text}
            </li>
          ))}
        </ul>
      </section>
    </AuthCard>
  );
}
