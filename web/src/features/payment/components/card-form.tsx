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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

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
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <Label htmlFor="card-number">Número do cartão</Label>
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="0000 0000 0000 0000"
          value={value.number}
          onChange={(e) => onChange({ ...value, number: formatCardNumber(e.target.value) })}
        />
        <span className="text-xs text-muted-foreground">
          {brand ? `Bandeira: ${CARD_BRAND_LABELS[brand]}` : 'Aceitamos Visa, Mastercard e Elo'}
        </span>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="card-expiry">Validade (MM/AA)</Label>
        <Input
          id="card-expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          value={value.expiry}
          onChange={(e) => onChange({ ...value, expiry: formatCardExpiry(e.target.value) })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="card-cvv">CVV</Label>
        <Input
          id="card-cvv"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={value.cvv}
          onChange={(e) => onChange({ ...value, cvv: e.target.value.replace(/\D/g, '').slice(0, 4) })}
        />
      </div>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <Label htmlFor="card-name">Nome impresso no cartão</Label>
        <Input
          id="card-name"
          autoComplete="cc-name"
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.target.value.toUpperCase() })}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
