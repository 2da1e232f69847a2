import { changePasswordRequestSchema, validateRequest } from '@arbitra/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { FeedbackForm, useFeedback } from '@/components/ui/feedback-form';
import { InputField } from '@/components/ui/field';
import { securityApi, securityKeys } from '../api/security-api';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Values = typeof EMPTY;

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
  const [values, setValues] = useState<Values>(EMPTY);
  const feedback = useFeedback();

  const change = useMutation({
    mutationFn: securityApi.changePassword,
    onSuccess: ({ message }) => {
      setValues(EMPTY);
      feedback.succeed(message);
      void queryClient.invalidateQueries({ queryKey: securityKeys.all });
    },
    onError: (error) => feedback.fail(error, 'Erro ao alterar a senha'),
  });

  const submit = () => {
    const checked = validateRequest(changePasswordRequestSchema, values);
    if (!checked.success) return feedback.refuse(checked.message);
    feedback.clear();
    change.mutate(checked.data);
  };

  return (
    <SectionCard
      title="Alterar senha"
      icon={KeyRound}
      description="Ao trocar a senha, as outras sessões da sua conta são encerradas."
    >
      <FeedbackForm
        feedback={feedback}
        label="Alterar senha"
        pending={change.isPending}
        onSubmit={submit}
        submit={['Alterar senha', 'Alterando...']}
        submitClassName="self-start"
      >
        {FIELDS.map((field) => (
          <InputField
            key={field.key}
            id={`security-${field.key}`}
            fieldClassName="gap-2"
            label={field.label}
            name={field.key}
            type="password"
            required
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            value={values[field.key]}
            onChange={(e) => {
              feedback.clear();
              setValues((v) => ({ ...v, [field.key]: e.target.value }));
            }}
          />
        ))}
      </FeedbackForm>
    </SectionCard>
  );
}
