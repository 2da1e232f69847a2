import { MESSAGES } from '@arbitra/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

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
      <div className="flex flex-col gap-2">
        <Label htmlFor={props.id}>{props.label}</Label>
        <Input
          id={props.id}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={32}
          placeholder="000000"
          className="font-mono text-lg tracking-[0.3em]"
          value={code}
          onChange={(e) => {
            setLocalError(null);
            props.onEdit();
            setCode(e.target.value);
          }}
        />
        {props.hint ? <p className="text-xs text-muted-foreground">{props.hint}</p> : null}
      </div>
      <FormAlert message={localError ?? props.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={props.pending} onClick={props.onCancel}>
          Cancelar
        </Button>
        <Button
          type="submit"
          variant={props.destructive ? 'destructive' : 'default'}
          disabled={props.pending}
        >
          {props.pending ? props.pendingLabel : props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
