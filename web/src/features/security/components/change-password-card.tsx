import { changePasswordRequestSchema, validateRequest } from '@arbitra/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isNetworkError } from '@/lib/api-error';
import { securityApi, securityKeys } from '../api/security-api';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Values = typeof EMPTY;
type Feedback = { kind: 'error'; message: string; network: boolean } | { kind: 'success'; message: string };

const FIELDS: readonly { key: keyof Values; label: string; autoComplete: string; placeholder?: string }[] = [
  { key: 'currentPassword', label: 'Senha atual', autoComplete: 'current-password' },
  {
    key: 'newPassword',
    label: 'Nova senha',
    autoComplete: 'new-password',
    placeholder: 'Mínimo 8 caracteres',
  },
  { key: 'confirmPassword', label: 'Confirmar nova senha', autoComplete: 'new-password' },
];

/** Change password (SPEC §5, DECISIONS §5): calls the server; the other sessions are ended by it. */
export function ChangePasswordCard() {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const change = useMutation({
    mutationFn: securityApi.changePassword,
    onSuccess: ({ message }) => {
      setValues(EMPTY);
      setFeedback({ kind: 'success', message });
      toast({ title: message, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: securityKeys.all });
    },
    onError: (error) =>
      setFeedback({
        kind: 'error',
        message: errorMessage(error, 'Erro ao alterar a senha'),
        network: isNetworkError(error),
      }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const checked = validateRequest(changePasswordRequestSchema, values);
    if (!checked.success) {
      setFeedback({ kind: 'error', message: checked.message, network: false });
      return;
    }
    setFeedback(null);
    change.mutate(checked.data);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden />
          Alterar senha
        </CardTitle>
        <CardDescription>Ao trocar a senha, as outras sessões da sua conta são encerradas.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          ref={formRef}
          noValidate
          aria-label="Alterar senha"
          className="flex flex-col gap-4"
          onSubmit={submit}
        >
          {FIELDS.map((field) => (
            <div key={field.key} className="flex flex-col gap-2">
              <Label htmlFor={`security-${field.key}`}>{field.label}</Label>
              <Input
                id={`security-${field.key}`}
                name={field.key}
                type="password"
                required
                autoComplete={field.autoComplete}
                placeholder={field.placeholder}
                value={values[field.key]}
                onChange={(e) => {
                  setFeedback(null);
                  setValues((v) => ({ ...v, [field.key]: e.target.value }));
                }}
              />
            </div>
          ))}
          <FormAlert
            message={feedback?.message ?? null}
            variant={feedback?.kind ?? 'error'}
            onRetry={
              feedback?.kind === 'error' && feedback.network
                ? () => formRef.current?.requestSubmit()
                : undefined
            }
          />
          <Button type="submit" className="self-start" disabled={change.isPending}>
            {change.isPending ? 'Alterando...' : 'Alterar senha'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
