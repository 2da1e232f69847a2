import type { Exchange, MarketInterface } from 'ccxt';
import {
  LIVE_CHECK_LABELS,
  LIVE_CLOCK_TOLERANCE_MS,
  MESSAGES,
  exchangeInfo,
  formatQuantityPtBr,
  type ExchangeId,
  type LiveCheckItem,
  type LiveCheckItemId,
  type LiveChecklist,
  type LiveChecklistExchange,
  type LiveChecklistRequest,
} from '@arbitra/contracts';
import { Dec } from '../market-data/money.js';
import { CredentialUnavailableError, type CredentialStore } from './credential-store.js';
import {
  exchangeDetail,
  unreachableCause,
  unreachableReason,
  type CredentialValidator,
} from './credential-validator.js';
import {
  loadCcxt,
  type ExchangeClientCredentials,
  type ExchangeClientFactory,
} from './exchange-client.factory.js';

const M = MESSAGES.liveChecklist;

const item = (
  id: LiveCheckItemId,
  status: LiveCheckItem['status'],
  reason: string,
  action: string | null = null,
) => ({
  id,
  label: LIVE_CHECK_LABELS[id],
  status,
  reason,
  action: status === 'ok' ? null : action,
});

/** What the exchange's answer says about one market of a bot: open, and its minimum order on each side. */
export interface MarketNeed {
  pair: string;
  base: string;
  quote: string;
  /** Free balance needed on each side for one minimum order (decimal strings). */
  baseNeeded: string;
  quoteNeeded: string;
}

/**
 * The minimum order of a market on each side at `price`: the base amount is the larger of the market's minimum
 * amount and its minimum cost ÷ price; the quote amount the larger of the minimum cost and minimum amount × price.
 */
export function minimumOrder(
  market: Pick<MarketInterface, 'limits'>,
  price: number | undefined,
): { base: Dec; quote: Dec } {
  const amountMin = new Dec(market.limits?.amount?.min ?? 0);
  const costMin = new Dec(market.limits?.cost?.min ?? 0);
  const p = price && price > 0 ? new Dec(price) : null;
  const base = p ? Dec.max(amountMin, costMin.div(p)) : amountMin;
  const quote = p ? Dec.max(costMin, amountMin.mul(p)) : costMin;
  return { base, quote };
}

/**
 * The 'Pronto para operar ao vivo' checklist of one user for some exchanges and pairs, checked with each exchange
 * through the platform's client factory (so the checks spend the key's shared rate budget). Read-only: fetchBalance,
 * the key's permissions (CredentialValidator), fetchTime, loadMarkets and one ticker per pair; never an order.
 */
export class LiveChecklistChecker {
  constructor(
    private readonly store: CredentialStore,
    private readonly factory: ExchangeClientFactory,
    private readonly validator: CredentialValidator,
    private readonly timeoutMs: number,
  ) {}

  async check(userId: string, request: LiveChecklistRequest): Promise<LiveChecklist> {
    const exchanges = await Promise.all(
      [...new Set(request.exchanges)].map((e) => this.checkExchange(userId, e, [...new Set(request.pairs)])),
    );
    return { ready: exchanges.every((e) => e.ready), checkedAt: new Date().toISOString(), exchanges };
  }

  private async checkExchange(
    userId: string,
    exchange: ExchangeId,
    pairs: string[],
  ): Promise<LiveChecklistExchange> {
    const displayName = exchangeInfo(exchange).displayName;
    const done = (items: LiveCheckItem[]): LiveChecklistExchange => ({
      exchange,
      displayName,
      ready: items.every((i) => i.status !== 'failed'),
      items,
    });
    const notChecked = (ids: LiveCheckItemId[]) => ids.map((id) => item(id, 'unverified', M.notChecked));
    // 'Saques não permitidos' agrees with the validator (DECISIONS §13): failed where the exchange reported the key
    // can withdraw (the key is then refused), unverified with what to confirm where the exchange does not say.
    const withdrawals = (canWithdraw: boolean | null, keyChecked: boolean): LiveCheckItem =>
      canWithdraw === true
        ? item('withdrawals_disabled', 'failed', M.withdrawAllowed, M.withdrawAllowedAction)
        : canWithdraw === false
          ? item('withdrawals_disabled', 'ok', M.withdrawOk)
          : keyChecked
            ? item(
                'withdrawals_disabled',
                'unverified',
                M.permissionsUnreported(displayName),
                M.withdrawUnverifiedAction,
              )
            : item('withdrawals_disabled', 'unverified', M.notChecked);
    const rest = (canWithdraw: boolean | null): LiveCheckItem[] => [
      ...notChecked(['trading_allowed']),
      withdrawals(canWithdraw, false),
      ...notChecked(['clock_in_sync', 'balance', 'market_open']),
    ];

    let credentials: ExchangeClientCredentials;
    try {
      credentials = await this.store.decryptForExecution(userId, exchange);
    } catch (e) {
      if (!(e instanceof CredentialUnavailableError)) throw e;
      return done([
        item('key_valid', 'failed', `${M.keyMissing} (${e.message})`, M.keyMissingAction),
        ...rest(e.canWithdraw),
      ]);
    }

    const outcome = await this.validator.check(exchange, credentials);
    if (outcome.status !== 'valid') {
      const unreachable = outcome.status === 'unreachable';
      return done([
        item(
          'key_valid',
          'failed',
          unreachable ? `${M.unreachable}: ${unreachableCause(outcome.reason)}` : outcome.reason,
          unreachable ? M.unreachableAction : M.keyInvalidAction,
        ),
        ...rest(outcome.canWithdraw),
      ]);
    }
    const items: LiveCheckItem[] = [item('key_valid', 'ok', M.keyOk)];
    items.push(
      outcome.permissions === null
        ? item(
            'trading_allowed',
            'unverified',
            M.permissionsUnreported(displayName),
            M.tradingUnverifiedAction,
          )
        : outcome.permissions.includes('trade')
          ? item('trading_allowed', 'ok', M.tradingOk)
          : item('trading_allowed', 'failed', M.tradingDenied, M.tradingDeniedAction),
    );
    items.push(withdrawals(outcome.canWithdraw, true));

    const client = await this.factory(exchange, credentials, { timeoutMs: this.timeoutMs });
    const secrets = [credentials.apiKey, credentials.secret, credentials.password ?? ''];
    const failure = async (id: LiveCheckItemId, e: unknown): Promise<LiveCheckItem> => {
      const ccxt = await loadCcxt();
      if (e instanceof ccxt.NetworkError)
        return item(
          id,
          'failed',
          `${M.unreachable}: ${unreachableCause(unreachableReason(e, ccxt))}`,
          M.unreachableAction,
        );
      const detail = e instanceof Error ? exchangeDetail(e.message, client.id, secrets) : String(e);
      return item(id, 'failed', MESSAGES.exchanges.reasonRejected + detail, M.unreachableAction);
    };

    items.push(await this.clock(client).catch((e: unknown) => failure('clock_in_sync', e)));
    const [balance, market] = await this.marketsAndBalance(client, pairs).catch(async (e: unknown) => [
      await failure('balance', e),
      await failure('market_open', e),
    ]);
    items.push(balance, market);
    return done(items);
  }

  private async clock(client: Exchange): Promise<LiveCheckItem> {
    if (!client.has['fetchTime']) return item('clock_in_sync', 'unverified', M.clockUnavailable, null);
    const sent = Date.now();
    const server = await client.fetchTime();
    const received = Date.now();
    if (typeof server !== 'number') return item('clock_in_sync', 'unverified', M.clockUnavailable, null);
    // The exchange read its clock about halfway through the round trip.
    const offset = Math.round(Math.abs(server - (sent + received) / 2));
    return offset <= LIVE_CLOCK_TOLERANCE_MS
      ? item('clock_in_sync', 'ok', M.clockOk(String(offset)))
      : item(
          'clock_in_sync',
          'failed',
          M.clockOff(String(offset), String(LIVE_CLOCK_TOLERANCE_MS)),
          M.clockOffAction,
        );
  }

  private async marketsAndBalance(
    client: Exchange,
    pairs: string[],
  ): Promise<[LiveCheckItem, LiveCheckItem]> {
    const markets = await client.loadMarkets();
    const missing = pairs.filter((p) => !markets[p]);
    const closed = pairs.filter((p) => markets[p] && markets[p].active === false);
    const open = pairs.filter((p) => markets[p] && markets[p].active !== false);
    const marketItem =
      missing.length > 0
        ? item('market_open', 'failed', M.marketMissing(missing.join(', ')), M.marketClosedAction)
        : closed.length > 0
          ? item('market_open', 'failed', M.marketClosed(closed.join(', ')), M.marketClosedAction)
          : item('market_open', 'ok', M.marketOk);

    const balance = await client.fetchBalance();
    const free = (balance.free ?? {}) as unknown as Record<string, number | undefined>;
    const short: string[] = [];
    for (const pair of open) {
      const m = markets[pair]!;
      const ticker = await client.fetchTicker(pair);
      const need = minimumOrder(m, ticker.last ?? ticker.ask ?? ticker.bid);
      for (const [asset, needed] of [
        [m.base, need.base],
        [m.quote, need.quote],
      ] as const) {
        const have = new Dec(free[asset] ?? 0);
        if (have.lt(needed))
          short.push(
            M.balanceShortItem(
              pair,
              asset,
              formatQuantityPtBr(have),
              formatQuantityPtBr(needed.toSignificantDigits(6, Dec.ROUND_UP)),
            ),
          );
      }
    }
    const balanceItem =
      short.length > 0
        ? item('balance', 'failed', M.balanceShort(short.join('; ')), M.balanceShortAction)
        : open.length > 0
          ? item('balance', 'ok', M.balanceOk)
          : item('balance', 'unverified', M.notChecked);
    return [balanceItem, marketItem];
  }
}
