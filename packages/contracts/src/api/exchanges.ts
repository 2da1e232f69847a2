import { z } from 'zod';
import { EXCHANGES, isExchangeId, type ExchangeId } from '../domain/exchanges.js';
import { MESSAGES } from '../messages/index.js';

/**
 * Exchange credentials (SPEC §3 'Supported exchange', 'User exchange', 'Plan exchange info'; §5; §7;
 * DECISIONS §6). Field names are snake_case as SPEC's screens read them.
 */

/** GET /api/exchanges/supported (public). */
export interface SupportedExchange {
  name: ExchangeId;
  display_name: string;
  requires_passphrase: boolean;
}

export function supportedExchanges(): SupportedExchange[] {
  return EXCHANGES.map((e) => ({
    name: e.id,
    display_name: e.displayName,
    requires_passphrase: e.requiresPassphrase,
  }));
}

/** GET /api/user/plan-exchange-info. */
export interface PlanExchangeInfo {
  /** Plan name as shown ('Profissional'), or null without a subscription. */
  plan: string | null;
  plan_id: string | null;
  /** -1 when unlimited; 0 when the subscription is not active. */
  max_exchanges: number;
  unlimited_exchanges: boolean;
  /** Credentials the user has now (active or not): the add button is disabled when this reaches max_exchanges. */
  used_exchanges: number;
}

/** True when one more credential fits the plan. */
export function canAddExchange(
  info: Pick<PlanExchangeInfo, 'max_exchanges' | 'unlimited_exchanges' | 'used_exchanges'>,
): boolean {
  return info.unlimited_exchanges || info.used_exchanges < info.max_exchanges;
}

/**
 * 'invalid': the exchange answered and refused the key (its auth error). 'unreachable': the exchange could not be
 * contacted (network, DNS, timeout, 5xx/maintenance), so nothing is known about the key yet.
 */
export const CREDENTIAL_VALIDATION_STATUSES = ['pending', 'valid', 'invalid', 'unreachable'] as const;
export type CredentialValidationStatus = (typeof CREDENTIAL_VALIDATION_STATUSES)[number];

/** Permissions an exchange reports for a key (Binance apiRestrictions, Bybit query-api). */
export type ExchangePermission = 'read' | 'trade' | 'margin' | 'futures' | 'transfer' | 'withdraw';

export const EXCHANGE_PERMISSION_LABELS: Record<ExchangePermission, string> = {
  read: 'Leitura',
  trade: 'Negociação',
  margin: 'Margem',
  futures: 'Futuros',
  transfer: 'Transferência',
  withdraw: 'Saque',
};

/**
 * An item of GET /api/user/exchanges. api_secret and passphrase are write-only: never here.
 * api_key is for the reveal/hide toggle; api_key_preview is what is shown by default.
 */
export interface UserExchange {
  id: string;
  exchange_name: ExchangeId;
  display_name: string;
  requires_passphrase: boolean;
  api_key: string;
  api_key_preview: string;
  has_passphrase: boolean;
  is_active: boolean;
  is_validated: boolean;
  validation_status: CredentialValidationStatus;
  validation_reason: string | null;
  validated_at: string | null;
  /** Null when the exchange does not report permissions. */
  permissions: ExchangePermission[] | null;
  /** True: the key allows withdrawals (warn). Null: unknown. */
  can_withdraw: boolean | null;
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
}

/** POST and PUT answer. */
export interface ExchangeSaveResponse {
  message: string;
  exchange: UserExchange;
}

/** Socket event 'exchange:validated' to `user:<owner>`: the result of the check with the exchange. */
export type ExchangeValidatedEvent = Pick<
  UserExchange,
  | 'id'
  | 'exchange_name'
  | 'is_validated'
  | 'validation_status'
  | 'validation_reason'
  | 'validated_at'
  | 'permissions'
  | 'can_withdraw'
  | 'last_used_at'
>;

/** 'Credenciais Válidas' / 'Credenciais Inválidas' / 'Validando...'. */
export function credentialStatusLabel(status: CredentialValidationStatus): string {
  switch (status) {
    case 'valid':
      return MESSAGES.exchanges.statusValid;
    case 'invalid':
      return MESSAGES.exchanges.statusInvalid;
    case 'unreachable':
      return MESSAGES.exchanges.statusUnreachable;
    case 'pending':
      return MESSAGES.exchanges.statusPending;
  }
}

/** SPEC §9: longer than 8 characters → first 4 and last 4; otherwise fully masked. */
export function maskApiKey(key: string): string {
  if (key.length > 8) return `${key.slice(0, 4)}••••${key.slice(-4)}`;
  return '••••••••';
}

// ---------------------------------------------------------------------------------------------
// Input rules: one function for the form and the server (SPEC §5's order, then format rules).
// ---------------------------------------------------------------------------------------------

export const API_KEY_MIN = 16;
export const API_KEY_MAX = 256;
export const API_SECRET_MIN = 16;
export const API_SECRET_MAX = 512;
export const API_SECRET_PEM_MAX = 4096;
export const PASSPHRASE_MAX = 128;

/** Visible ASCII, no spaces: what exchanges issue as keys and secrets. */
const TOKEN_PATTERN = /^[\x21-\x7E]+$/;
/** A PEM private key (Binance Ed25519/RSA keys): base64 lines between BEGIN/END markers. */
const PEM_PATTERN = /^-----BEGIN ([A-Z0-9 ]{1,40})-----\r?\n[A-Za-z0-9+/=\r\n]+\r?\n?-----END \1-----$/;
/** Printable ASCII, spaces allowed. */
const PASSPHRASE_PATTERN = /^[\x20-\x7E]+$/;

const KNOWN_FIELDS = ['exchange_name', 'api_key', 'api_secret', 'passphrase', 'is_active'] as const;
export type ExchangeField = (typeof KNOWN_FIELDS)[number];

/** What the form or a request carries (any types: it is checked here). */
export interface ExchangeFormValues {
  exchange_name?: unknown;
  api_key?: unknown;
  api_secret?: unknown;
  passphrase?: unknown;
  is_active?: unknown;
}

export interface ExchangeInputContext {
  mode: 'create' | 'edit';
  /** When editing: the credential as stored (its exchange cannot change; a new key needs its secret). */
  current?: { exchange_name: string; api_key: string } | undefined;
  /**
   * Which exchanges need a passphrase. Default: contracts EXCHANGES; the web form passes what
   * GET /api/exchanges/supported answered (requires_passphrase is data, per exchange).
   */
  requiresPassphrase?: ((exchange: ExchangeId) => boolean) | undefined;
}

/** Normalised input. On edit, a null secret/passphrase means "keep the stored one". */
export interface ParsedExchangeInput {
  exchange_name: ExchangeId;
  api_key: string;
  api_secret: string | null;
  passphrase: string | null;
  is_active: boolean | undefined;
}

export type ExchangeInputResult =
  | { success: true; data: ParsedExchangeInput }
  | { success: false; message: string; field: ExchangeField | 'corpo' };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function fail(field: ExchangeField | 'corpo', message: string): ExchangeInputResult {
  return { success: false, message, field };
}

function secretProblem(secret: string): string | null {
  if (secret.startsWith('-----BEGIN')) {
    if (secret.length > API_SECRET_PEM_MAX) return MESSAGES.exchanges.apiSecretLength;
    return PEM_PATTERN.test(secret) ? null : MESSAGES.exchanges.apiSecretCharset;
  }
  if (secret.length < API_SECRET_MIN || secret.length > API_SECRET_MAX)
    return MESSAGES.exchanges.apiSecretLength;
  return TOKEN_PATTERN.test(secret) ? null : MESSAGES.exchanges.apiSecretCharset;
}

/**
 * Checks a create/edit body and returns the normalised data, or the FIRST problem, in SPEC §5's order:
 * exchange ('Selecione uma exchange'), API Key ('API Key é obrigatória'), API Secret ('API Secret é
 * obrigatório'), passphrase where the exchange requires it ('Passphrase é obrigatória para esta exchange');
 * each field's format right after its "required"; unknown fields last.
 *
 * Editing: the exchange cannot change; a blank secret/passphrase keeps the stored one, unless the API Key
 * changes (a new key needs its own secret).
 */
export function parseExchangeInput(input: unknown, ctx: ExchangeInputContext): ExchangeInputResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return fail('exchange_name', MESSAGES.exchanges.exchangeRequired);
  }
  const v = input as Record<string, unknown>;
  const editing = ctx.mode === 'edit';

  // 1. Exchange.
  let exchange: ExchangeId;
  if (editing && ctx.current) {
    if (!blank(v.exchange_name) && v.exchange_name !== ctx.current.exchange_name) {
      return fail('exchange_name', MESSAGES.exchanges.exchangeCannotChange);
    }
    if (!isExchangeId(ctx.current.exchange_name))
      return fail('exchange_name', MESSAGES.exchanges.exchangeUnknown);
    exchange = ctx.current.exchange_name;
  } else {
    if (blank(v.exchange_name)) return fail('exchange_name', MESSAGES.exchanges.exchangeRequired);
    if (!isExchangeId(v.exchange_name)) return fail('exchange_name', MESSAGES.exchanges.exchangeUnknown);
    exchange = v.exchange_name;
  }
  const needsPassphrase = ctx.requiresPassphrase
    ? ctx.requiresPassphrase(exchange)
    : (EXCHANGES.find((e) => e.id === exchange)?.requiresPassphrase ?? false);

  // 2. API Key.
  if (blank(v.api_key) || typeof v.api_key !== 'string')
    return fail('api_key', MESSAGES.exchanges.apiKeyRequired);
  const apiKey = v.api_key.trim();
  if (apiKey.length < API_KEY_MIN || apiKey.length > API_KEY_MAX)
    return fail('api_key', MESSAGES.exchanges.apiKeyLength);
  if (!TOKEN_PATTERN.test(apiKey)) return fail('api_key', MESSAGES.exchanges.apiKeyCharset);
  const keyChanged = !editing || !ctx.current || ctx.current.api_key !== apiKey;

  // 3. API Secret.
  let apiSecret: string | null = null;
  if (blank(v.api_secret)) {
    if (keyChanged) return fail('api_secret', MESSAGES.exchanges.apiSecretRequired);
  } else {
    if (typeof v.api_secret !== 'string') return fail('api_secret', MESSAGES.exchanges.apiSecretRequired);
    apiSecret = v.api_secret.trim();
    const problem = secretProblem(apiSecret);
    if (problem) return fail('api_secret', problem);
  }

  // 4. Passphrase, only where the exchange uses one.
  let passphrase: string | null = null;
  if (needsPassphrase) {
    if (blank(v.passphrase)) {
      if (keyChanged) return fail('passphrase', MESSAGES.exchanges.passphraseRequired);
    } else {
      if (typeof v.passphrase !== 'string') return fail('passphrase', MESSAGES.exchanges.passphraseRequired);
      passphrase = v.passphrase.trim();
      if (passphrase.length > PASSPHRASE_MAX) return fail('passphrase', MESSAGES.exchanges.passphraseLength);
      if (!PASSPHRASE_PATTERN.test(passphrase))
        return fail('passphrase', MESSAGES.exchanges.passphraseCharset);
    }
  } else if (!blank(v.passphrase)) {
    return fail('passphrase', MESSAGES.exchanges.passphraseNotAccepted);
  }

  // 5. is_active (optional boolean).
  if (v.is_active !== undefined && typeof v.is_active !== 'boolean') {
    return fail('is_active', MESSAGES.exchanges.isActiveInvalid);
  }

  // 6. Nothing else.
  const unknown = Object.keys(v).filter((k) => !(KNOWN_FIELDS as readonly string[]).includes(k));
  if (unknown.length > 0) return fail('corpo', MESSAGES.validation.unknownField(unknown.join(', ')));

  return {
    success: true,
    data: {
      exchange_name: exchange,
      api_key: apiKey,
      api_secret: apiSecret,
      passphrase,
      is_active: v.is_active,
    },
  };
}

/** The form's check: null when valid, else the ONE message to show (the same rules the API runs). */
export function validateExchangeForm(input: ExchangeFormValues, ctx: ExchangeInputContext): string | null {
  const result = parseExchangeInput(input, ctx);
  return result.success ? null : result.message;
}

/** POST /api/user/exchanges, as a schema for the request pipe (one message, SPEC order). */
export const createExchangeRequestSchema = z.unknown().transform((value, ctx): ParsedExchangeInput => {
  const result = parseExchangeInput(value, { mode: 'create' });
  if (!result.success) {
    ctx.addIssue({
      code: 'custom',
      message: result.message,
      path: result.field === 'corpo' ? [] : [result.field],
    });
    return z.NEVER;
  }
  return result.data;
});

/** PUT /api/user/exchanges/:id with only `{ is_active }`: the activate/deactivate toggle. */
export const toggleExchangeRequestSchema = z.strictObject({
  is_active: z.boolean({ error: MESSAGES.exchanges.isActiveInvalid }),
});

/** Is this PUT body the toggle (only is_active)? */
export function isToggleBody(body: unknown): body is { is_active: unknown } {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).length === 1 &&
    'is_active' in body
  );
}
