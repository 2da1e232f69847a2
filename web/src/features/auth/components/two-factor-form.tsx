import { ACCOUNT_MESSAGES, type SessionUser } from '@arbitra/contracts';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, ONE_TIME_CODE_INPUT } from '@/components/ui/input';
import { errorCode } from '@/lib/api-error';
import { authApi } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthForm, useAuthForm } from './auth-form';
import { FormField } from './form-field';

interface TwoFactorFormProps {
  challengeToken: string;
  onSignedIn: (token: string, user: SessionUser) => void;
  /** Back to the password step; with a message when the challenge expired. */
  onBack: (message: string | null) => void;
}

/** The second step of /login when two-factor is on: a TOTP code or a backup code. */
export function TwoFactorForm({ challengeToken, onSignedIn, onBack }: TwoFactorFormProps) {
  const form = useAuthForm();
  const [code, setCode] = useState('');

  const submit = async () => {
    const trimmed = code.trim();
    if (!trimmed) return form.refuse(ACCOUNT_MESSAGES.twoFactor.codeRequired);
    await form.send(
      async () => {
        const answer = await authApi.loginTwoFactor({ challengeToken, code: trimmed });
        onSignedIn(answer.access_token, answer.user);
      },
      ACCOUNT_MESSAGES.auth.loginError,
      (error) => {
        if (errorCode(error) !== 'two_factor_challenge_expired') return false;
        onBack(ACCOUNT_MESSAGES.auth.twoFactorChallengeExpired);
        return true;
      },
    );
  };

  return (
    <AuthCard
      title="Verificação em duas etapas"
      description="Sua conta tem a autenticação em dois fatores ativada."
    >
      <AuthForm
        form={form}
        label="Verificação em duas etapas"
        onSubmit={submit}
        submit={['Verificar', 'Verificando...']}
        before={
          <div className="flex items-start gap-3 rounded-md bg-muted/60 p-3 text-sm text-muted-foreground">
            <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <p>{ACCOUNT_MESSAGES.auth.twoFactorRequired}.</p>
          </div>
        }
        after={
          <Button type="button" variant="ghost" className="w-full" onClick={() => onBack(null)}>
            Voltar
          </Button>
        }
      >
        <FormField id="login-code" label="Código de verificação">
          <Input
            id="login-code"
            {...ONE_TIME_CODE_INPUT}
            autoFocus
            className="text-center font-mono text-lg tracking-[0.3em]"
            aria-describedby="login-code-help"
            value={code}
            onChange={(e) => {
              form.clear();
              setCode(e.target.value);
            }}
          />
        </FormField>
        <p id="login-code-help" className="-mt-2 text-xs text-muted-foreground">
          Sem acesso ao aplicativo? Digite um dos seus códigos de backup (por exemplo, ABCDE-FGH23).
        </p>
      </AuthForm>
    </AuthCard>
  );
}
