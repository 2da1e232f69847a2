import {
  CARD_BRAND_LABELS,
  MESSAGES,
  cardBrand,
  cvvValid,
  expiryValid,
  formatCardExpiry,
  formatCardNumber,
  luhnValid,
  type CardTokenInput,
} from '@arbitra/contracts';
import { useState } from 'react';
import { InputField } from '@/components/ui/field';

/** The card's fields, in order: what each asks and how what is typed is normalised. */
const CARD_FIELDS: {
  key: keyof CardFields;
  label: string;
  autoComplete: string;
  inputMode?: 'numeric';
  placeholder?: string;
  wide?: boolean;
  format: (typed: string) => string;
}[] = [
  {
    key: 'number',
    label: 'Número do cartão',
    inputMode: 'numeric',
    autoComplete: 'cc-number',
    placeholder: '0000 0000 0000 0000',
    wide: true,
    format: formatCardNumber,
  },
  {
    key: 'expiry',
    label: 'Validade (MM/AA)',
    inputMode: 'numeric',
    autoComplete: 'cc-exp',
    placeholder: 'MM/AA',
    format: formatCardExpiry,
  },
  {
    key: 'cvv',
    label: 'CVV',
    inputMode: 'numeric',
    autoComplete: 'cc-csc',
    placeholder: '123',
    format: (typed) => typed.replace(/\D/g, '').slice(0, 4),
  },
  {
    key: 'name',
    label: 'Nome impresso no cartão',
    autoComplete: 'cc-name',
    wide: true,
    format: (typed) => typed.toUpperCase(),
  },
];

export interface CardFields {
  number: string;
  expiry: string;
  cvv: string;
  name: string;
}

const M = MESSAGES.payments;

/** The browser-side checks of DECISIONS §4; null when the card may be sent (as a token). */
export function cardError(c: CardFields, now = new Date()): string | null {
  if (!luhnValid(c.number)) return M.cardNumberInvalid;
  if (!cardBrand(c.number)) return M.cardBrandInvalid;
  if (!expiryValid(c.expiry, now)) return M.cardExpiryInvalid;
  if (!cvvValid(c.cvv)) return M.cardCvvInvalid;
  if (c.name.trim().length < 2) return M.cardNameRequired;
  return null;
}

/**
 * What reaches the server: brand, last 4 and a token. The sandbox makes the token here (random, it stands for
 * the card at the sandbox provider); number and CVV never leave the browser.
 */
export function sandboxCardToken(c: CardFields): CardTokenInput {
  const digits = c.number.replace(/\D/g, '');
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  return { brand: cardBrand(digits)!, last4: digits.slice(-4), token: `sbx_tok_${random}` };
}

export function CardForm({ value, onChange }: { value: CardFields; onChange: (next: CardFields) => void }) {
  const [touched, setTouched] = useState(false);
  const brand = cardBrand(value.number);
  const error = touched ? cardError(value) : null;
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" onBlur={() => setTouched(true)}>
      <legend className="sr-only">Dados do cartão</legend>
      {CARD_FIELDS.map(({ key, wide, format, ...input }) => (
        <InputField
          key={key}
          id={`card-${key}`}
          fieldClassName={wide ? 'sm:col-span-2' : undefined}
          {...input}
          value={value[key]}
          onChange={(e) => onChange({ ...value, [key]: format(e.target.value) })}
        >
          {key === 'number' ? (
            <span className="text-xs text-muted-foreground">
              {brand ? `Bandeira: ${CARD_BRAND_LABELS[brand]}` : 'Aceitamos Visa, Mastercard e Elo'}
            </span>
          ) : null}
        </InputField>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
