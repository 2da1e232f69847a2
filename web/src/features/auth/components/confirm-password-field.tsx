import { ACCOUNT_MESSAGES } from '@arbitra/contracts';
import type { ChangeEvent } from 'react';
import { Input } from '@/components/ui/input';
import { FormField } from './form-field';

/** While both are filled and differ, SPEC §5's inline 'As senhas não coincidem' (and a red border). */
export function passwordsDiffer(password: string, confirmation: string): boolean {
  return confirmation !== '' && password !== confirmation;
}

interface ConfirmPasswordFieldProps {
  id: string;
  label?: string;
  password: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export function ConfirmPasswordField({
  id,
  label = 'Confirmar senha',
  password,
  value,
  onChange,
}: ConfirmPasswordFieldProps) {
  const differ = passwordsDiffer(password, value);
  const hintId = `${id}-hint`;
  return (
    <FormField
      id={id}
      label={label}
      hint={differ ? ACCOUNT_MESSAGES.auth.passwordsDontMatchInline : null}
      hintId={hintId}
    >
      <Input
        id={id}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        placeholder="Repita a senha"
        required
        aria-invalid={differ || undefined}
        aria-describedby={differ ? hintId : undefined}
        value={value}
        onChange={onChange}
      />
    </FormField>
  );
}
