import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';
import { Label } from './label';
import { Switch } from './switch';

/** A labelled control: the label above, the input (or select, textarea) given as children with the same `id`. */
export function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** A labelled {@link Input}; `fieldClassName` styles the wrapper, every other prop goes to the input. */
export function InputField({
  id,
  label,
  fieldClassName,
  children,
  ...input
}: ComponentProps<typeof Input> & { id: string; label: ReactNode; fieldClassName?: string }) {
  return (
    <Field id={id} label={label} className={fieldClassName}>
      <Input id={id} {...input} />
      {children}
    </Field>
  );
}

export const SELECT_CLASS = 'h-9 rounded-md border border-input bg-background px-3 text-sm';

/** A labelled native select over a list of options; `onChange` gets the chosen option's value, typed. */
export function SelectField<V extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  className = SELECT_CLASS,
  fieldClassName,
  children,
}: {
  id: string;
  label: ReactNode;
  value: V;
  options: readonly { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  className?: string;
  fieldClassName?: string;
  /** Under the select (a hint). */
  children?: ReactNode;
}) {
  return (
    <Field id={id} label={label} className={fieldClassName}>
      <select
        id={id}
        className={className}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)!.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {children}
    </Field>
  );
}

/** A labelled switch: the switch, then what it turns on. */
export function SwitchField({
  id,
  label,
  checked,
  onCheckedChange,
  className,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
