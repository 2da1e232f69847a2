import {
  COMMON_MESSAGES,
  ACCOUNT_MESSAGES,
  forgotPasswordRequestSchema,
  validateRequest,
} from '@arbitra/contracts';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/routes';
import { authApi } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthForm, useAuthForm } from './auth-form';
import { AuthLink } from './auth-link';
import { EmailField } from './form-field';

/**
 * /forgot-password (DECISIONS §5): asks the server to mail a reset link, then the same confirmation
 * whether or not an account has that email.
 */
export function ForgotPasswordPage() {
  const form = useAuthForm();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async () => {
    const checked = validateRequest(forgotPasswordRequestSchema, { email });
    if (!checked.success) return form.refuse(checked.message);
    const sent = await form.send(() => authApi.forgotPassword(checked.data.email), COMMON_MESSAGES.internal);
    if (!sent) return;
    setSentTo(checked.data.email);
    form.settle();
  };

  if (sentTo) {
    return (
      <AuthCard
        title="Verifique seu email"
        description={ACCOUNT_MESSAGES.auth.forgotPasswordSent}
        footer={<AuthLink to={ROUTES.login}>Voltar para o login</AuthLink>}
      >
        <div className="flex flex-col items-center gap-3 py-2 text-center text-sm text-muted-foreground">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <MailCheck className="size-6" aria-hidden />
          </span>
          <p>
            Confira a caixa de entrada de <strong className="text-foreground">{sentTo}</strong>. O link vale
            por 1 hora e pode ser usado uma única vez.
          </p>
          <p>Não recebeu? Veja a pasta de spam ou tente de novo em alguns minutos.</p>
          <Button variant="outline" size="sm" onClick={() => setSentTo(null)}>
            Usar outro email
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Recuperar senha"
      description="Informe seu email para receber um link de redefinição de senha."
      footer={
        <>
          <AuthLink to={ROUTES.login}>Voltar para o login</AuthLink>
          <p>
            Ainda não tem conta? <AuthLink to={ROUTES.register}>Criar conta</AuthLink>
          </p>
        </>
      }
    >
      <AuthForm
        form={form}
        label="Recuperar senha"
        onSubmit={submit}
        submit={['Enviar link de redefinição', 'Enviando...']}
      >
        <EmailField
          id="forgot-email"
          value={email}
          onChange={(v) => {
            form.clear();
            setEmail(v);
          }}
        />
      </AuthForm>
    </AuthCard>
  );
}
