import { MESSAGES } from '@arbitra/contracts';
import { useState, type FormEvent } from 'react';
import { DialogActions } from '@/components/ui/dialog';
import { InputField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { ONE_TIME_CODE_INPUT } from '@/components/ui/input';

interface CodeFormProps {
  id: string;
  label: string;
  hint?: string;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** The server's answer to the last try (e.g. 'Código inválido. Tente novamente.'). */
  error: string | null;
  onEdit: () => void;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/** One code (6 digits from the app, or a backup code where the server accepts one). */
export function CodeForm(props: CodeFormProps) {
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (props.pending) return;
    const trimmed = code.trim();
    if (!trimmed) {
      setLocalError(MESSAGES.twoFactor.codeRequired);
      return;
    }
    props.onSubmit(trimmed);
  };

  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={submit}>
      <InputField
        id={props.id}
        label={props.label}
        fieldClassName="gap-2"
        {...ONE_TIME_CODE_INPUT}
        autoFocus
        className="font-mono text-lg tracking-[0.3em]"
        value={code}
        onChange={(e) => {
          setLocalError(null);
          props.onEdit();
          setCode(e.target.value);
        }}
      >
        {props.hint ? <p className="text-xs text-muted-foreground">{props.hint}</p> : null}
      </InputField>
      <FormAlert message={localError ?? props.error} />
      <DialogActions
        onCancel={props.onCancel}
        pending={props.pending}
        destructive={props.destructive}
        confirm={props.submitLabel}
        busy={props.pendingLabel}
      />
    </form>
  );
}
