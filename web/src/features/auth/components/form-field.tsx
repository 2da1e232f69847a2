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

const INPUTS = {
  email: { name: 'email', type: 'email', autoComplete: 'email', placeholder: 'seu@email.com' },
  newPassword: {
    name: 'password',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: 'Mínimo 8 caracteres',
  },
} as const;

interface InputFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

function InputField({
  id,
  label,
  value,
  onChange,
  kind,
}: InputFieldProps & { label: string; kind: keyof typeof INPUTS }) {
  return (
    <FormField id={id} label={label}>
      <Input id={id} required {...INPUTS[kind]} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}

/** The email field of the auth forms (login, register, forgot password). */
export const EmailField = (props: InputFieldProps) => <InputField {...props} label="Email" kind="email" />;

/** A new password (register, reset): at least 8 characters, the browser may suggest one. */
export const NewPasswordField = (props: InputFieldProps & { label: string }) => (
  <InputField {...props} kind="newPassword" />
);
