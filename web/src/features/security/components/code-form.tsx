import { MESSAGES } from '@arbitra/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DialogActions } from '@/components/ui/dialog';
import { InputField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { ONE_TIME_CODE_INPUT } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-error';

interface CodeFormProps {
  id: string;
  /** Where the server also takes a backup code (turning two-factor off, new backup codes): the field says so. */
  backup?: boolean;
  /** The button's label, and while sending. */
  submit: [string, string];
  destructive?: boolean;
  /**
   * What sends the code: its pending state, its error (the server's answer to the last try, e.g. 'Código
   * inválido. Tente novamente.'), cleared when the code is edited.
   */
  mutation: Pick<UseMutationResult<unknown, Error, string>, 'isPending' | 'error' | 'reset' | 'mutate'>;
  onCancel: () => void;
}

/** One code (6 digits from the app, or a backup code where the server accepts one). */
export function CodeForm(props: CodeFormProps) {
  const { mutation } = props;
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const trimmed = code.trim();
    if (!trimmed) {
      setLocalError(MESSAGES.twoFactor.codeRequired);
      return;
    }
    mutation.mutate(trimmed);
  };

  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={submit}>
      <InputField
        id={props.id}
        label={props.backup ? 'Código de autenticação' : 'Código de 6 dígitos'}
        fieldClassName="gap-2"
        {...ONE_TIME_CODE_INPUT}
        autoFocus
        className="font-mono text-lg tracking-[0.3em]"
        value={code}
        onChange={(e) => {
          setLocalError(null);
          mutation.reset();
          setCode(e.target.value);
        }}
      >
        {props.backup ? (
          <p className="text-xs text-muted-foreground">Também aceita um código de backup.</p>
        ) : null}
      </InputField>
      <FormAlert
        message={
          localError ?? (mutation.error ? errorMessage(mutation.error, MESSAGES.twoFactor.invalidCode) : null)
        }
      />
      <DialogActions
        onCancel={props.onCancel}
        pending={mutation.isPending}
        destructive={props.destructive}
        confirm={props.submit[0]}
        busy={props.submit[1]}
      />
    </form>
  );
}
