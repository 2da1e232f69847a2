import {
  COMMON_MESSAGES,
  ACCOUNT_MESSAGES,
  forgotPasswordRequestSchema,
  validateRequest,
} from '@arbitra/contracts';
import { MailCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { ROUTES } from '@/config/routes';
import { errorMessage, isNetworkError } from '@/lib/api-error';
import { authApi } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthLink } from './auth-link';
import { FormField } from './form-field';

/**
 * /forgot-password (DECISIONS §5): asks the server to mail a reset link, then the same confirmation
 * whether or not an account has that email.
 */
export function ForgotPasswordPage() {
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; network: boolean } | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const checked = validateRequest(forgotPasswordRequestSchema, { email });
    if (!checked.success) {
      setFailure({ message: checked.message, network: false });
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      await authApi.forgotPassword(checked.data.email);
      setSentTo(checked.data.email);
    } catch (error) {
      setFailure({
        message: errorMessage(error, COMMON_MESSAGES.internal),
        network: isNetworkError(error),
      });
    } finally {
      setSubmitting(false);
    }
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
      <form
        ref={formRef}
        noValidate
        aria-label="Recuperar senha"
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <FormAlert
          message={failure?.message ?? null}
          onRetry={failure?.network ? () => formRef.current?.requestSubmit() : undefined}
        />
        <FormField id="forgot-email" label="Email">
          <Input
            id="forgot-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="seu@email.com"
            required
            value={email}
            onChange={(e) => {
              setFailure(null);
              setEmail(e.target.value);
            }}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Enviando...' : 'Enviar link de redefinição'}
        </Button>
      </form>
    </AuthCard>
  );
}
