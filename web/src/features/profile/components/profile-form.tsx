import { MESSAGES, type ProfileUser } from '@arbitra/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isNetworkError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { profileApi, profileKeys } from '../api/profile-api';
import { profileFormError, profilePayload, type ProfileValues } from '../lib/profile-form';

type Feedback = { kind: 'error'; message: string; network: boolean } | { kind: 'success'; message: string };

const NO_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' } as const;

function Field({ id, label, ...input }: { id: string; label: string } & ComponentProps<typeof Input>) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} />
    </div>
  );
}

export function ProfileForm({ profile }: { profile: ProfileUser }) {
  const { token, signIn } = useSession();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ProfileValues>({
    name: profile.name,
    email: profile.email,
    ...NO_PASSWORDS,
  });
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const save = useMutation({
    mutationFn: profileApi.update,
    onSuccess: ({ message, user }) => {
      queryClient.setQueryData(profileKeys.profile, { user });
      if (token) signIn(token, { id: user.id, name: user.name, email: user.email, role: user.role });
      setValues({ name: user.name, email: user.email, ...NO_PASSWORDS });
      setFeedback({ kind: 'success', message });
      toast({ title: message, variant: 'success' });
    },
    onError: (error) => {
      setFeedback({
        kind: 'error',
        message: errorMessage(error, MESSAGES.profile.updateError),
        network: isNetworkError(error),
      });
    },
  });

  const edit = (patch: Partial<ProfileValues>) => {
    setFeedback(null);
    setValues((v) => ({ ...v, ...patch }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const invalid = profileFormError(values, profile.email);
    if (invalid) {
      setFeedback({ kind: 'error', message: invalid, network: false });
      return;
    }
    setFeedback(null);
    save.mutate(profilePayload(values));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Informações pessoais</CardTitle>
        <CardDescription>Cliente desde {formatDate(profile.createdAt)}.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          ref={formRef}
          noValidate
          aria-label="Informações pessoais"
          className="flex flex-col gap-5"
          onSubmit={submit}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="profile-name"
              label="Nome completo"
              name="name"
              autoComplete="name"
              required
              maxLength={120}
              value={values.name}
              onChange={(e) => edit({ name: e.target.value })}
            />
            <Field
              id="profile-email"
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={(e) => edit({ email: e.target.value })}
            />
          </div>

          <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
            <legend className="px-1 text-sm font-semibold">Alterar senha (opcional)</legend>
            <p className="-mt-1 text-xs text-muted-foreground">
              Deixe em branco para manter a senha atual. Para alterar o email, informe também a senha atual.
            </p>
            <Field
              id="profile-current-password"
              label="Senha atual"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={(e) => edit({ currentPassword: e.target.value })}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id="profile-new-password"
                label="Nova senha"
                name="newPassword"
                type="password"
                autoComplete="new-password"
                placeholder="Mínimo 8 caracteres"
                value={values.newPassword}
                onChange={(e) => edit({ newPassword: e.target.value })}
              />
              <Field
                id="profile-confirm-password"
                label="Confirmar nova senha"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                value={values.confirmPassword}
                onChange={(e) => edit({ confirmPassword: e.target.value })}
              />
            </div>
          </fieldset>

          <FormAlert
            message={feedback?.message ?? null}
            variant={feedback?.kind ?? 'error'}
            onRetry={
              feedback?.kind === 'error' && feedback.network
                ? () => formRef.current?.requestSubmit()
                : undefined
            }
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvando...' : 'Salvar alterações'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
