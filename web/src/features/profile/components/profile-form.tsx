import { MESSAGES, type ProfileUser } from '@arbitra/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { FeedbackForm, useFeedback } from '@/components/ui/feedback-form';
import { InputField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { profileApi, profileKeys } from '../api/profile-api';
import { profileFormError, profilePayload, type ProfileValues } from '../lib/profile-form';

const NO_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' } as const;

const Field = (props: ComponentProps<typeof InputField>) => <InputField fieldClassName="gap-2" {...props} />;

export function ProfileForm({ profile }: { profile: ProfileUser }) {
  const { token, signIn } = useSession();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileValues>({
    name: profile.name,
    email: profile.email,
    ...NO_PASSWORDS,
  });
  const feedback = useFeedback();

  const save = useMutation({
    mutationFn: profileApi.update,
    onSuccess: ({ message, user }) => {
      queryClient.setQueryData(profileKeys.profile, { user });
      if (token) signIn(token, { id: user.id, name: user.name, email: user.email, role: user.role });
      setValues({ name: user.name, email: user.email, ...NO_PASSWORDS });
      feedback.succeed(message);
    },
    onError: (error) => feedback.fail(error, MESSAGES.profile.updateError),
  });

  const edit = (patch: Partial<ProfileValues>) => {
    feedback.clear();
    setValues((v) => ({ ...v, ...patch }));
  };

  const submit = () => {
    const invalid = profileFormError(values, profile.email);
    if (invalid) return feedback.refuse(invalid);
    feedback.clear();
    save.mutate(profilePayload(values));
  };

  return (
    <SectionCard title="Informações pessoais" description={`Cliente desde ${formatDate(profile.createdAt)}.`}>
      <FeedbackForm
        feedback={feedback}
        label="Informações pessoais"
        className="flex flex-col gap-5"
        pending={save.isPending}
        onSubmit={submit}
        submit={['Salvar alterações', 'Salvando...']}
        submitClassName="self-end"
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
          <PasswordField
            id="profile-current-password"
            field="currentPassword"
            value={values.currentPassword}
            onChange={(currentPassword) => edit({ currentPassword })}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField
              id="profile-new-password"
              field="newPassword"
              value={values.newPassword}
              onChange={(newPassword) => edit({ newPassword })}
            />
            <PasswordField
              id="profile-confirm-password"
              field="confirmPassword"
              value={values.confirmPassword}
              onChange={(confirmPassword) => edit({ confirmPassword })}
            />
          </div>
        </fieldset>
      </FeedbackForm>
    </SectionCard>
  );
}
