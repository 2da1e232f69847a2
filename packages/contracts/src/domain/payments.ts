import { SAO_PAULO_OFFSET_MS } from './display.js';

/** Payments (DECISIONS §4, §12): kinds, methods, statuses and the card checks the browser runs. */
export type PaymentKind = 'new' | 'renewal' | 'upgrade' | 'grant';
export type PaymentMethod = 'card' | 'pix' | 'boleto' | 'grant';
/** What a user may choose on /payment. */
export type CheckoutMethod = 'card' | 'pix' | 'boleto';
export const CHECKOUT_METHODS: readonly CheckoutMethod[] = ['card', 'pix', 'boleto'];
export type PaymentProviderName = 'sandbox' | 'mercadopago' | 'admin';
export type PaymentStatus = 'pending' | 'approved' | 'declined' | 'expired' | 'refunded';
export type CardBrand = 'visa' | 'mastercard' | 'elo';

export const PIX_EXPIRY_MINUTES = 30;
export const BOLETO_DUE_DAYS = 3;
/** A first payment may be refunded within this many days (ends the plan). */
export const REFUND_WINDOW_DAYS = 7;

/** Mercado Pago's browser SDK (MercadoPago.js v2), as @mercadopago/sdk-js loads it. */
export const MERCADOPAGO_SDK_URL = 'https://sdk.mercadopago.com/js/v2';
/** PIX/boleto renewals: the new charge is issued (and emailed) this many days before the period ends. */
export const RENEWAL_NOTICE_DAYS = 3;

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
};
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Cartão de crédito',
  pix: 'PIX',
  boleto: 'Boleto bancário',
  grant: 'Cortesia',
};
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  declined: 'Recusado',
  expired: 'Expirado',
  refunded: 'Reembolsado',
};

const digitsOf = (s: string): string => s.replace(/\D/g, '');

/** Luhn (mod 10) check of a card number; spaces and dashes ignored. */
export function luhnValid(number: string): boolean {
  const d = digitsOf(number);
  if (d.length < 12 || d.length > 19 || d.length !== number.replace(/[\s-]/g, '').length) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = d.charCodeAt(d.length - 1 - i) - 48;
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** Elo BIN ranges (public issuer tables); checked before Visa/Mastercard since some start with 4 or 5. */
const ELO_PREFIXES = [
  /^401178/,
  /^401179/,
  /^431274/,
  /^438935/,
  /^451416/,
  /^457393/,
  /^457631/,
  /^457632/,
  /^504175/,
  /^506(699|7[0-6]\d|77[0-8])/,
  /^509\d{3}/,
  /^627780/,
  /^636297/,
  /^636368/,
  /^650(03[1-3]|04[0-9]|05[0-1]|48[5-9]|49\d|50\d|51[0-9]|52[0-9]|53[0-8]|54[1-9]|5[5-8]\d|59[0-8]|70[0-9]|71[0-8]|72[0-7]|90[1-9]|91[0-9]|920)/,
  /^6516(5[2-9]|[6-7]\d)/,
  /^6550([0-1]\d|2[1-9]|[3-4]\d|5[0-8])/,
];

/** The brand from the number's prefix (Visa, Mastercard, Elo), or null for any other. */
export function cardBrand(number: string): CardBrand | null {
  const d = digitsOf(number);
  if (ELO_PREFIXES.some((re) => re.test(d))) return 'elo';
  if (/^4/.test(d)) return 'visa';
  const two = Number(d.slice(0, 2));
  const four = Number(d.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  return null;
}

/** 'MM/AA' in the future (valid through the last day of that month). */
export function expiryValid(mmYy: string, now: Date = new Date()): boolean {
  const m = /^(\d{2})\/(\d{2})$/.exec(mmYy.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  const endOfMonth = new Date(year, month, 1).getTime();
  return endOfMonth > now.getTime();
}

export const cvvValid = (cvv: string): boolean => /^\d{3,4}$/.test(cvv);

/** '4111111111111111' → '4111 1111 1111 1111' (groups of 4, as typed). */
export function formatCardNumber(input: string): string {
  return digitsOf(input)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1', '12', '123' → '1', '12/', '12/3' as typed in the MM/AA field. */
export function formatCardExpiry(input: string): string {
  const d = digitsOf(input).slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)}/${d.slice(2)}`;
}

/** The day of the month (1–31) of `at` in São Paulo. */
export const saoPauloDay = (at: Date): number => new Date(at.getTime() - SAO_PAULO_OFFSET_MS).getUTCDate();

/**
 * The end of a period that starts at `start`: 1 month (monthly) or 12 (yearly) later on São Paulo's calendar, on the
 * anchor day (the day the subscription started; by default `start`'s), clamped to the month's last day, at the same
 * time of day: 31/01 → 28/02 (29/02 in a leap year) → 31/03 → 30/04. Never overflows into the next month.
 */
export function periodEnd(start: Date, billing: 'monthly' | 'yearly', anchorDay?: number): Date {
  const local = new Date(start.getTime() - SAO_PAULO_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + (billing === 'yearly' ? 12 : 1);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchorDay ?? local.getUTCDate(), lastDay);
  const end = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(end + SAO_PAULO_OFFSET_MS);
}

/**
 * The anchor day of the period that follows [start, end): a period whose start or end was clamped keeps the larger
 * of the two days (31/01–28/02 → 31; 28/02–31/03 → 31), so renewals come back to the day the subscription started.
 */
export const nextAnchorDay = (start: Date, end: Date): number =>
  Math.max(saoPauloDay(start), saoPauloDay(end));
