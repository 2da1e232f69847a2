import type { ExchangeId } from './exchanges.js';

/**
 * 'Pronto para operar ao vivo' (issue 26 §5, DECISIONS §13): what must hold on each exchange of a bot before it
 * may switch to 'Modo real'. The engine checks it with the exchange (LiveChecklistChecker); the api refuses the
 * switch while an item fails, and the bot form and /security show it.
 */
export const LIVE_CHECK_ITEMS = [
  'key_valid',
  'trading_allowed',
  'withdrawals_disabled',
  'clock_in_sync',
  'balance',
  'market_open',
] as const;
export type LiveCheckItemId = (typeof LIVE_CHECK_ITEMS)[number];

/**
 * ok: checked and fine. failed: blocks live mode. unverified: the exchange does not report it through its API
 * (e.g. key permissions on Gate.io, MEXC, Mercado Bitcoin): shown with what the user must confirm; not blocking.
 */
export type LiveCheckStatus = 'ok' | 'failed' | 'unverified';

export interface LiveCheckItem {
  id: LiveCheckItemId;
  /** pt-BR label ('Chave válida'). */
  label: string;
  status: LiveCheckStatus;
  /** pt-BR: what was found. */
  reason: string;
  /** pt-BR: what to do (null when ok). */
  action: string | null;
}

export interface LiveChecklistExchange {
  exchange: ExchangeId;
  displayName: string;
  /** No item failed. */
  ready: boolean;
  items: LiveCheckItem[];
}

export interface LiveChecklist {
  ready: boolean;
  /** ISO time of the check. */
  checkedAt: string;
  exchanges: LiveChecklistExchange[];
}

/** What the checklist is asked for: a bot's exchanges and pairs (saved or still in the form). */
export interface LiveChecklistRequest {
  exchanges: ExchangeId[];
  pairs: string[];
}

/** Largest |exchange clock − our clock| accepted (ms): well inside the exchanges' 5 s request windows. */
export const LIVE_CLOCK_TOLERANCE_MS = 1_000;

export const LIVE_CHECK_LABELS: Record<LiveCheckItemId, string> = {
  key_valid: 'Chave válida',
  trading_allowed: 'Negociação permitida',
  withdrawals_disabled: 'Saques não permitidos',
  clock_in_sync: 'Relógio sincronizado',
  balance: 'Saldo mínimo em cada lado',
  market_open: 'Mercado aberto',
};
