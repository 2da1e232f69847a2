import { changePasswordRequestSchema, validateRequest } from '@arbitra/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { FeedbackForm, useFeedback } from '@/components/ui/feedback-form';
import { PasswordField } from '@/components/ui/password-field';
import { securityApi, securityKeys } from '../api/security-api';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Values = typeof EMPTY;

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
        {(Object.keys(EMPTY) as (keyof Values)[]).map((field) => (
          <PasswordField
            key={field}
            id={`security-${field}`}
            field={field}
            required
            value={values[field]}
            onChange={(value) => {
              feedback.clear();
              setValues((v) => ({ ...v, [field]: value }));
            }}
          />
        ))}
      </FeedbackForm>
    </SectionCard>
  );
}
