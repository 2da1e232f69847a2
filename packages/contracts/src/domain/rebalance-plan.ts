import { Decimal } from 'decimal.js';
import type { ExchangeId } from './exchanges.js';
import { transferRoute, type TransferFeeTable, type TransferRoute } from './transfer-fees.js';

/**
 * A rebalancing plan (issue 29): which transfers bring each asset back to its target split across exchanges, each
 * with its network, fee and expected time. Pure and exact (decimal strings): the api's plan for a bot or an
 * account, paper 'Rebalancear' and the backtest's rebalancing rule all call this one function.
 */

/** [exchange, asset, amount] — as bot_balances rows. */
export type Holding = readonly [exchange: ExchangeId, asset: string, amount: string];

export interface PlannedTransfer extends TransferRoute {
  /** What leaves `from`. */
  amount: string;
  /** What `to` is credited: amount − fee. */
  received: string;
  /** The fee valued in USDT at the asset's price (null when no price was given). */
  feeUsdt: string | null;
}

export interface SkippedTransfer {
  asset: string;
  from: ExchangeId;
  to: ExchangeId;
  amount: string;
  /** 'sem_rota': no network open on both sides; 'abaixo_do_minimo': below the withdrawal minimum or the fee. */
  reason: 'sem_rota' | 'abaixo_do_minimo';
}

export interface RebalancePlan {
  transfers: PlannedTransfer[];
  skipped: SkippedTransfer[];
  /** Sum of the fees valued in USDT (assets without a price are left out and listed in `unpriced`). */
  totalFeeUsdt: string;
  unpriced: string[];
  /** The longest expected time among the transfers, in minutes (they run in parallel). */
  minutes: number;
  table: { source: TransferFeeTable['source']; asOf: string; origin: string };
}

const D = (v: Decimal.Value) => new Decimal(v);
const DP = 8;

/**
 * The transfers that move each asset from the exchanges holding more than their target to those holding less.
 * `target` gives each exchange's target amount of each asset (typically the starting split scaled to today's total:
 * see `targetFromInitialSplit`). Within an asset the largest surplus pays the largest deficit first (fewest
 * transfers); an exchange pair with no network open on both sides, or an amount under the withdrawal minimum or not
 * above the fee, is listed in `skipped` instead. `priceUsdt(asset)` values the fees (USDT = 1).
 */
export function planRebalance(
  holdings: readonly Holding[],
  target: readonly Holding[],
  table: TransferFeeTable,
  priceUsdt: (asset: string) => Decimal.Value | null,
): RebalancePlan {
  const diff = new Map<string, Map<ExchangeId, Decimal>>();
  const add = (rows: readonly Holding[], sign: 1 | -1) => {
    for (const [ex, asset, amount] of rows) {
      const byEx = diff.get(asset) ?? new Map<ExchangeId, Decimal>();
      byEx.set(ex, (byEx.get(ex) ?? D(0)).plus(D(amount).mul(sign)));
      diff.set(asset, byEx);
    }
  };
  add(holdings, 1);
  add(target, -1);

  const transfers: PlannedTransfer[] = [];
  const skipped: SkippedTransfer[] = [];
  const unpriced = new Set<string>();
  let total = D(0);
  for (const asset of [...diff.keys()].sort()) {
    const byEx = [...diff.get(asset)!.entries()];
    const surplus = byEx.filter(([, d]) => d.gt(0)).map(([ex, d]) => ({ ex, left: d }));
    const deficit = byEx.filter(([, d]) => d.lt(0)).map(([ex, d]) => ({ ex, left: d.neg() }));
    const order = (a: { ex: ExchangeId; left: Decimal }, b: { ex: ExchangeId; left: Decimal }) =>
      b.left.comparedTo(a.left) || (a.ex < b.ex ? -1 : 1);
    for (const need of deficit.sort(order)) {
      for (const give of surplus.sort(order)) {
        if (need.left.lte(0)) break;
        if (give.left.lte(0)) continue;
        const amount = Decimal.min(give.left, need.left).toDecimalPlaces(DP, Decimal.ROUND_DOWN);
        if (amount.lte(0)) continue;
        const route = transferRoute(table, asset, give.ex, need.ex);
        const skip = (reason: SkippedTransfer['reason']) =>
          skipped.push({ asset, from: give.ex, to: need.ex, amount: amount.toFixed(), reason });
        if (!route) {
          skip('sem_rota');
          continue;
        }
        if (amount.lt(route.minWithdraw) || amount.lte(route.fee)) {
          skip('abaixo_do_minimo');
          continue;
        }
        give.left = give.left.minus(amount);
        need.left = need.left.minus(amount);
        const price = asset === 'USDT' ? 1 : priceUsdt(asset);
        let feeUsdt: string | null = null;
        if (price === null) unpriced.add(asset);
        else {
          const f = D(route.fee).mul(price);
          total = total.plus(f);
          feeUsdt = f.toDecimalPlaces(DP).toFixed();
        }
        transfers.push({
          ...route,
          amount: amount.toFixed(),
          received: amount.minus(route.fee).toFixed(),
          feeUsdt,
        });
      }
    }
  }
  return {
    transfers,
    skipped,
    totalFeeUsdt: total.toDecimalPlaces(DP).toFixed(),
    unpriced: [...unpriced].sort(),
    minutes: transfers.reduce((m, t) => Math.max(m, t.minutes), 0),
    table: { source: table.source, asOf: table.asOf, origin: table.origin },
  };
}

/**
 * The target of each asset on each exchange: today's total of the asset split in the proportions it had at the
 * start (a bot's `initial` balances). An asset absent at the start has no target (it is left where it is).
 */
export function targetFromInitialSplit(holdings: readonly Holding[], initial: readonly Holding[]): Holding[] {
  const sum = (rows: readonly Holding[], asset: string) =>
    rows.filter((r) => r[1] === asset).reduce((s, r) => s.plus(r[2]), D(0));
  const out: Holding[] = [];
  for (const asset of [...new Set(initial.map((r) => r[1]))].sort()) {
    const start = sum(initial, asset);
    if (start.lte(0)) continue;
    const now = sum(holdings, asset);
    for (const [ex, a, amount] of initial)
      if (a === asset)
        out.push([ex, asset, now.mul(amount).div(start).toDecimalPlaces(DP, Decimal.ROUND_DOWN).toFixed()]);
  }
  return out;
}

// ── What the api sends (issue 29: items 2 and 4) ─────────────────────────────────────────────────────────────

/** A transfer of the ledger (`transfers`): a paper 'Rebalancear' moved `amount` from `from`, `to` receives `received`. */
export interface TransferView {
  id: string;
  botId: string | null;
  botName: string;
  mode: 'paper' | 'live';
  asset: string;
  from: ExchangeId;
  to: ExchangeId;
  network: string;
  amount: string;
  fee: string;
  received: string;
  /** 'in_transit': debited at `from`, not yet credited at `to` (the bot cannot trade it); 'completed': credited. */
  status: 'in_transit' | 'completed';
  createdAt: string;
  arrivesAt: string;
  completedAt: string | null;
}

/** A plan as the screens show it: the plan, its cost in R$ at the reference USDT/BRL, and the transfers under way. */
export interface RebalanceView {
  plan: RebalancePlan;
  /** totalFeeUsdt × usdtBrl, to the centavo; null without a USDT/BRL rate. */
  totalFeeBrl: string | null;
  usdtBrl: string | null;
  /** Transfers not yet credited (the bot's, or the account's). */
  inTransit: TransferView[];
  /** The latest transfers (newest first). */
  recent: TransferView[];
}

/** POST /api/bots/:id `{ action: 'rebalance', key }`: `key` identifies one click (a retry with it changes nothing). */
export interface RebalanceResult {
  message: string;
  /** false: this key was already executed (a double click, a retry): the transfers it wrote. */
  executed: boolean;
  transfers: TransferView[];
}

/** The plan of the whole account: every bot's holdings and targets together, and each bot's own plan. */
export interface AccountRebalanceView extends RebalanceView {
  bots: { botId: string; botName: string; mode: 'paper' | 'live'; plan: RebalancePlan }[];
}

/** The fee valued in R$ (centavos, half up), or null without a rate. */
export function feeBrl(totalFeeUsdt: string, usdtBrl: string | null): string | null {
  return usdtBrl === null
    ? null
    : D(totalFeeUsdt).mul(usdtBrl).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** Holdings of several sources added per (exchange, asset). */
export function sumHoldings(...groups: readonly (readonly Holding[])[]): Holding[] {
  const m = new Map<string, [ExchangeId, string, Decimal]>();
  for (const rows of groups)
    for (const [ex, asset, amount] of rows) {
      const k = `${ex}|${asset}`;
      const cur = m.get(k) ?? [ex, asset, D(0)];
      cur[2] = cur[2].plus(amount);
      m.set(k, cur);
    }
  return [...m.values()].map(([ex, asset, v]) => [ex, asset, v.toFixed()] as Holding);
}

/**
 * How far each asset is from its starting split: the share of today's total that sits on the wrong exchange
 * (Σ |holding − target| ÷ 2 ÷ total × 100, target = `targetFromInitialSplit`), largest first. 0.018 / 0.002 BTC
 * against a 50/50 start is 40 %: 0.008 of the 0.02 must move. Assets absent at the start are left out.
 */
export function splitSkew(
  holdings: readonly Holding[],
  initial: readonly Holding[],
): { asset: string; percent: Decimal }[] {
  const target = targetFromInitialSplit(holdings, initial);
  const out: { asset: string; percent: Decimal }[] = [];
  for (const asset of [...new Set(target.map((r) => r[1]))]) {
    const held = new Map<ExchangeId, Decimal>();
    for (const [ex, a, amount] of holdings)
      if (a === asset) held.set(ex, (held.get(ex) ?? D(0)).plus(amount));
    const total = [...held.values()].reduce((s, v) => s.plus(v), D(0));
    if (total.lte(0)) continue;
    let off = D(0);
    const seen = new Set<ExchangeId>();
    for (const [ex, a, amount] of target) {
      if (a !== asset) continue;
      seen.add(ex);
      off = off.plus((held.get(ex) ?? D(0)).minus(amount).abs());
    }
    for (const [ex, v] of held) if (!seen.has(ex)) off = off.plus(v.abs());
    out.push({ asset, percent: off.div(2).div(total).mul(100) });
  }
  return out.sort((a, b) => b.percent.comparedTo(a.percent) || (a.asset < b.asset ? -1 : 1));
}
