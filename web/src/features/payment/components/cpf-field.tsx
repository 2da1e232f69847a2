import { MESSAGES, cpfValid, formatCpfInput } from '@arbitra/contracts';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const M = MESSAGES.payments;

/** Null when the CPF may be sent (check digits verified here and again on the server). */
export function cpfError(value: string): string | null {
  if (!value.trim()) return M.cpfRequired;
  return cpfValid(value) ? null : M.cpfInvalid;
}

/**
 * The payer's CPF (boleto; card on Mercado Pago): masked as typed, check digits verified on leaving the field.
 * Sent to the payment provider as the payer's identification.
 */
export function CpfField({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const [touched, setTouched] = useState(false);
  const error = touched ? cpfError(value) : null;
  return (
    <div className="flex max-w-xs flex-col gap-1.5">
      <Label htmlFor="payer-cpf">CPF do pagador</Label>
      <Input
        id="payer-cpf"
        inputMode="numeric"
        autoComplete="off"
        placeholder="000.000.000-00"
        aria-invalid={error !== null}
        aria-describedby={error ? 'payer-cpf-error' : 'payer-cpf-help'}
        value={value}
        onBlur={() => setTouched(true)}
        onChange={(e) => onChange(formatCpfInput(e.target.value))}
      />
      {error ? (
        <p id="payer-cpf-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <span id="payer-cpf-help" className="text-xs text-muted-foreground">
          Exigido pelo banco para emitir a cobrança. Guardado só com este pagamento e exibido mascarado.
        </span>
      )}
    </div>
  );
}
