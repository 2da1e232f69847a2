import { InputField } from './field';

/** The fields of a password change, named as the requests name them. */
export type PasswordKey = 'currentPassword' | 'newPassword' | 'confirmPassword';

const PASSWORD_FIELDS: Record<PasswordKey, { label: string; autoComplete: string; placeholder?: string }> = {
  currentPassword: { label: 'Senha atual', autoComplete: 'current-password' },
  newPassword: { label: 'Nova senha', autoComplete: 'new-password', placeholder: 'Mínimo 8 caracteres' },
  confirmPassword: { label: 'Confirmar nova senha', autoComplete: 'new-password' },
};

/** One field of a password change (Alterar senha, the profile): its label and what the browser may fill in. */
export function PasswordField({
  id,
  field,
  value,
  onChange,
  required,
}: {
  id: string;
  field: PasswordKey;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  const { label, autoComplete, placeholder } = PASSWORD_FIELDS[field];
  return (
    <InputField
      id={id}
      fieldClassName="gap-2"
      label={label}
      name={field}
      type="password"
      required={required}
      autoComplete={autoComplete}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
