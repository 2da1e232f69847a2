import {
  validateExchangeForm,
  type ExchangeId,
  type SupportedExchange,
  type UserExchange,
} from '@arbitra/contracts';
import type { ExchangeRequestBody } from '../api/exchanges-api';

/** What the add/edit form holds (strings as typed; nothing is lost on an error). */
export interface ExchangeFormState {
  exchange_name: string;
  api_key: string;
  api_secret: string;
  passphrase: string;
  is_active: boolean;
}

export const EMPTY_FORM: ExchangeFormState = {
  exchange_name: '',
  api_key: '',
  api_secret: '',
  passphrase: '',
  is_active: true,
};

/** The form for editing: the key as stored; the secret and passphrase are write-only (blank = keep). */
export function formFromExchange(exchange: UserExchange): ExchangeFormState {
  return {
    exchange_name: exchange.exchange_name,
    api_key: exchange.api_key,
    api_secret: '',
    passphrase: '',
    is_active: exchange.is_active,
  };
}

export function requiresPassphrase(supported: readonly SupportedExchange[], exchange: string): boolean {
  return supported.find((s) => s.name === exchange)?.requires_passphrase ?? false;
}

/**
 * Client-side first (SPEC §5, in order): the same rules the API runs, with the supported list's
 * requires_passphrase. Returns null or the ONE message to show.
 */
export function validateExchangeFormState(
  state: ExchangeFormState,
  supported: readonly SupportedExchange[],
  editing?: Pick<UserExchange, 'exchange_name' | 'api_key'>,
): string | null {
  const needs = requiresPassphrase(supported, state.exchange_name);
  return validateExchangeForm(
    {
      exchange_name: state.exchange_name,
      api_key: state.api_key,
      api_secret: state.api_secret,
      // A field the form does not show is not sent.
      passphrase: needs ? state.passphrase : undefined,
      is_active: state.is_active,
    },
    {
      mode: editing ? 'edit' : 'create',
      current: editing,
      requiresPassphrase: (exchange: ExchangeId) => requiresPassphrase(supported, exchange),
    },
  );
}

/** The request body (SPEC §7); blank secret/passphrase on edit are left out (the stored ones stay). */
export function toRequestBody(
  state: ExchangeFormState,
  supported: readonly SupportedExchange[],
): ExchangeRequestBody {
  const body: ExchangeRequestBody = {
    exchange_name: state.exchange_name,
    api_key: state.api_key.trim(),
    is_active: state.is_active,
  };
  if (state.api_secret.trim()) body.api_secret = state.api_secret.trim();
  if (requiresPassphrase(supported, state.exchange_name) && state.passphrase.trim())
    body.passphrase = state.passphrase.trim();
  return body;
}
