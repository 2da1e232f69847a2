import type { Exchange } from 'ccxt';
import { MESSAGES, type ExchangeId, type ExchangePermission } from '@arbitra/contracts';
import { callExchange } from './exchange-call.js';
import {
  loadCcxt,
  type CcxtModule,
  type ExchangeClientCredentials,
  type ExchangeClientFactory,
} from './exchange-client.factory.js';

/** What a check with the exchange found. */
export interface CredentialCheckOutcome {
  status: 'valid' | 'invalid' | 'unreachable';
  /** pt-BR; never holds key material. */
  reason: string;
  /** Did the exchange answer (valid or refused)? False when it could not be contacted. */
  reachedExchange: boolean;
  permissions: ExchangePermission[] | null;
  canWithdraw: boolean | null;
  /** The error's class, for logs (no message: it may hold URLs). */
  errorClass?: string;
}

const MAX_DETAIL = 200;

/** The exchange's own words from a ccxt error message ('binance {"code":-2015,"msg":"..."}'), without secrets or URLs. */
export function exchangeDetail(message: string, exchangeId: string, secrets: readonly string[]): string {
  let text = message.startsWith(`${exchangeId} `) ? message.slice(exchangeId.length + 1) : message;
  const json = text.indexOf('{');
  if (json >= 0) {
    try {
      const body = JSON.parse(text.slice(json)) as Record<string, unknown>;
      const msg = body.msg ?? body.message ?? body.retMsg ?? body.label ?? body.error;
      const code = body.code ?? body.retCode;
      if (typeof msg === 'string' && msg.trim()) {
        text = typeof code === 'string' || typeof code === 'number' ? `${msg.trim()} (${code})` : msg.trim();
      }
    } catch {
      // not JSON: keep the text
    }
  }
  for (const s of secrets) if (s) text = text.split(s).join('[oculto]');
  text = text
    .replace(/https?:\/\/\S+/g, '[url]')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text || 'recusadas pela exchange';
}

/** Why the exchange could not be contacted, from the ccxt NetworkError subclass (never its message: it holds URLs). */
export function unreachableReason(
  e: unknown,
  ccxt: Pick<CcxtModule, 'RequestTimeout' | 'ExchangeNotAvailable'>,
): string {
  if (e instanceof ccxt.RequestTimeout) return MESSAGES.exchanges.reasonTimeout;
  if (e instanceof ccxt.ExchangeNotAvailable) return MESSAGES.exchanges.reasonNotAvailable;
  return MESSAGES.exchanges.reasonNetwork;
}

/** The same reason without its 'não foi possível contatar a exchange: ' opening, for a sentence that already says it. */
export function unreachableCause(reason: string): string {
  const opening = `${MESSAGES.exchanges.reasonUnreachable}: `;
  return reason.startsWith(opening) ? reason.slice(opening.length) : reason;
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Binance GET /sapi/v1/account/apiRestrictions. */
export function binancePermissions(r: Dict): { permissions: ExchangePermission[]; canWithdraw: boolean } {
  const p: ExchangePermission[] = [];
  if (r.enableReading === true) p.push('read');
  if (r.enableSpotAndMarginTrading === true) p.push('trade');
  if (r.enableMargin === true) p.push('margin');
  if (r.enableFutures === true) p.push('futures');
  if (r.enableInternalTransfer === true || r.permitsUniversalTransfer === true) p.push('transfer');
  if (r.enableWithdrawals === true) p.push('withdraw');
  return { permissions: p, canWithdraw: r.enableWithdrawals === true };
}

/** Bybit GET /v5/user/query-api (result). */
export function bybitPermissions(r: Dict): { permissions: ExchangePermission[]; canWithdraw: boolean } {
  const perms = isDict(r.permissions) ? r.permissions : {};
  const list = (k: string) => (Array.isArray(perms[k]) ? (perms[k] as unknown[]).map(String) : []);
  const readOnly = Number(r.readOnly) === 1;
  const p: ExchangePermission[] = ['read'];
  if (!readOnly && (list('Spot').length > 0 || list('ContractTrade').length > 0)) p.push('trade');
  if (list('Derivatives').length > 0) p.push('futures');
  const wallet = list('Wallet');
  if (wallet.some((w) => w.includes('Transfer'))) p.push('transfer');
  const canWithdraw = wallet.includes('Withdraw');
  if (canWithdraw) p.push('withdraw');
  return { permissions: p, canWithdraw };
}

/** MEXC GET /api/v3/account (the balance answer): canTrade, canWithdraw (Binance-like). */
export function mexcPermissions(r: Dict): { permissions: ExchangePermission[]; canWithdraw: boolean } | null {
  if (typeof r.canWithdraw !== 'boolean') return null;
  const p: ExchangePermission[] = ['read'];
  if (r.canTrade === true) p.push('trade');
  if (r.canWithdraw) p.push('withdraw');
  return { permissions: p, canWithdraw: r.canWithdraw };
}

/**
 * Where the exchange reports a key's permissions (Binance, Bybit: their own endpoints; MEXC: the account answer
 * fetchBalance already read, `balanceInfo`); null elsewhere (Gate.io and Mercado Bitcoin do not report them) or
 * when it fails.
 */
async function readPermissions(
  exchange: ExchangeId,
  client: Exchange,
  balanceInfo: unknown,
): Promise<{ permissions: ExchangePermission[]; canWithdraw: boolean } | null> {
  const api = client as unknown as Record<string, unknown>;
  const call = async (method: string): Promise<unknown> => {
    const fn = api[method];
    if (typeof fn !== 'function') return null;
    return (await (fn as (p?: Dict) => Promise<unknown>).call(client, {})) ?? null;
  };
  try {
    switch (exchange) {
      case 'binance': {
        const r = await call('sapiGetAccountApiRestrictions');
        return isDict(r) ? binancePermissions(r) : null;
      }
      case 'bybit': {
        const r = await call('privateGetV5UserQueryApi');
        return isDict(r) && isDict(r.result) ? bybitPermissions(r.result) : null;
      }
      case 'mexc':
        return isDict(balanceInfo) ? mexcPermissions(balanceInfo) : null;
      case 'mercadobitcoin':
      case 'gateio':
        return null;
    }
  } catch {
    return null;
  }
}

/** An outcome without permissions: the check failed (`reached`: the exchange answered and refused). */
function failed(
  status: 'invalid' | 'unreachable',
  reason: string,
  reachedExchange: boolean,
  e: unknown,
): CredentialCheckOutcome {
  const errorClass = e instanceof Error ? e.constructor.name : typeof e;
  return { status, reason, reachedExchange, permissions: null, canWithdraw: null, errorClass };
}

const unexpected = (e: unknown) => failed('invalid', MESSAGES.exchanges.reasonUnexpected, false, e);

/**
 * Checks credentials with the exchange through a read-only call (ccxt fetchBalance) and reads the
 * key's permissions where the exchange reports them. Never throws: every failure is an outcome.
 * - a key the exchange reports as able to withdraw → 'invalid' (refused, DECISIONS §13), with its permissions
 * - ccxt AuthenticationError (and its subclasses PermissionDenied, AccountSuspended) → 'invalid',
 *   'Credenciais inválidas: …' with the exchange's own words
 * - ccxt NetworkError (RequestTimeout, ExchangeNotAvailable/OnMaintenance for 5xx, DNS/connection failures, DDoS…)
 *   → 'unreachable', 'não foi possível contatar a exchange: …' with what kind of failure it was
 * - another ccxt ExchangeError → 'invalid', 'A exchange recusou a verificação: …'
 */
export class CredentialValidator {
  constructor(
    private readonly factory: ExchangeClientFactory,
    private readonly timeoutMs: number,
  ) {}

  async check(exchange: ExchangeId, credentials: ExchangeClientCredentials): Promise<CredentialCheckOutcome> {
    const ccxt = await loadCcxt();
    const secrets = [credentials.apiKey, credentials.secret, credentials.password ?? ''];
    let client: Exchange;
    try {
      client = await this.factory(exchange, credentials, { timeoutMs: this.timeoutMs });
    } catch (e) {
      return unexpected(e);
    }
    let balanceInfo: unknown;
    try {
      // A clock out of the exchange's window is resynchronised (not 'Credenciais inválidas'); a 429 waits once.
      balanceInfo = (await callExchange(client, ccxt, () => client.fetchBalance())).info;
    } catch (e) {
      if (e instanceof ccxt.NetworkError) return failed('unreachable', unreachableReason(e, ccxt), false, e);
      if (!(e instanceof ccxt.ExchangeError)) return unexpected(e);
      // AuthenticationError (PermissionDenied, AccountSuspended) is an ExchangeError: the key itself was refused
      const opening =
        e instanceof ccxt.AuthenticationError
          ? MESSAGES.exchanges.reasonInvalidPrefix
          : MESSAGES.exchanges.reasonRejected;
      return failed('invalid', opening + exchangeDetail(e.message, client.id, secrets), true, e);
    }
    const perms = await readPermissions(exchange, client, balanceInfo);
    if (perms?.canWithdraw) {
      // DECISIONS §13: Arbitra refuses keys that can withdraw.
      return {
        status: 'invalid',
        reason: MESSAGES.exchanges.reasonWithdrawRefused,
        reachedExchange: true,
        permissions: perms.permissions,
        canWithdraw: true,
      };
    }
    return {
      status: 'valid',
      reason: MESSAGES.exchanges.reasonValid,
      reachedExchange: true,
      permissions: perms?.permissions ?? null,
      canWithdraw: perms?.canWithdraw ?? null,
    };
  }
}
