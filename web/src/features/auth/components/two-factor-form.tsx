import { ACCOUNT_MESSAGES, type SessionUser } from '@arbitra/contracts';
import { ShieldCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { errorCode, errorMessage, isNetworkError } from '@/lib/api-error';
import { authApi } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { FormField } from './form-field';

interface TwoFactorFormProps {
  challengeToken: string;
  onSignedIn: (token: string, user: SessionUser) => void;
  /** Back to the password step; with a message when the challenge expired. */
  onBack: (message: string | null) => void;
}

/** The second step of /login when two-factor is on: a TOTP code or a backup code. */
export function TwoFactorForm({ challengeToken, onSignedIn, onBack }: TwoFactorFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; network: boolean } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const trimmed = code.trim();
    if (!trimmed) {
      setFailure({ message: ACCOUNT_MESSAGES.twoFactor.codeRequired, network: false });
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await authApi.loginTwoFactor({ challengeToken, code: trimmed });
      onSignedIn(answer.access_token, answer.user);
    } catch (error) {
      if (errorCode(error) === 'two_factor_challenge_expired') {
        onBack(ACCOUNT_MESSAGES.auth.twoFactorChallengeExpired);
        return;
      }
      setFailure({
        message: errorMessage(error, ACCOUNT_MESSAGES.auth.loginError),
        network: isNetworkError(error),
      });
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Verificação em duas etapas"
      description="Sua conta tem a autenticação em dois fatores ativada."
    >
      <form
        ref={formRef}
        noValidate
        aria-label="Verificação em duas etapas"
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <div className="flex items-start gap-3 rounded-md bg-muted/60 p-3 text-sm text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <p>{ACCOUNT_MESSAGES.auth.twoFactorRequired}.</p>
        </div>
        <FormAlert
          message={failure?.message ?? null}
          onRetry={failure?.network ? () => formRef.current?.requestSubmit() : undefined}
        />
        <FormField id="login-code" label="Código de verificação">
          <Input
            id="login-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={32}
            placeholder="000000"
            className="text-center font-mono text-lg tracking-[0.3em]"
            aria-describedby="login-code-help"
            value={code}
            onChange={(e) => {
              setFailure(null);
              setCode(e.target.value);
            }}
          />
        </FormField>
        <p id="login-code-help" className="-mt-2 text-xs text-muted-foreground">
          Sem acesso ao aplicativo? Digite um dos seus códigos de backup (por exemplo, ABCDE-FGH23).
        </p>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Verificando...' : 'Verificar'}
        </Button>
        <Button type="button" variant="ghost" className="w-full" onClick={() => onBack(null)}>
          Voltar
        </Button>
      </form>
    </AuthCard>
  );
}
