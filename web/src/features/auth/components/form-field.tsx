import type { ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Right of the label (e.g. 'Esqueceu a senha?'). */
  aside?: ReactNode;
  /** Inline message under the field (e.g. 'As senhas não coincidem'). */
  hint?: ReactNode;
  hintId?: string;
  children: ReactNode;
}

export function FormField({ id, label, aside, hint, hintId, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-destructive">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface EmailFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/** The email field of the auth forms (login, register, forgot password). */
export function EmailField({ id, value, onChange }: EmailFieldProps) {
  return (
    <FormField id={id} label="Email">
      <Input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        placeholder="seu@email.com"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

/** A new password (register, reset): at least 8 characters, the browser may suggest one. */
export function NewPasswordField({ id, label, value, onChange }: EmailFieldProps & { label: string }) {
  return (
    <FormField id={id} label={label}>
      <Input
        id={id}
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder="Mínimo 8 caracteres"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
