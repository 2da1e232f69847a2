import { Decimal } from 'decimal.js';
import { exchangeName } from './exchanges.js';

/**
 * A bot's inventory (issue 29 §1): what it holds of each asset on each exchange over time, its skew against the
 * starting split, the forecast of when a side can no longer fund the bot's minimum order at the current pace, and
 * the rule by which a bot skips a direction it cannot fund (the runner and the backtest call the same function).
 * Pure: the api feeds it the ledger's rows, the engine the balances it holds in memory.
 */

/** The bot's minimum order, USDT (R$ pairs: at the opportunity's rate): below it a side cannot fund a trade. */
export const BOT_MIN_ORDER_USDT = '10';
/** The recent window the pace (net flow per hour) is measured over, hours. */
export const INVENTORY_FLOW_WINDOW_HOURS = 6;
/** Alert when a side runs dry within this many hours at the current pace… */
export const INVENTORY_ALERT_HOURS = 1;
/** …or holds less than this many minimum orders. */
export const INVENTORY_ALERT_MIN_ORDERS = 2;
/** At most this many points per series on the chart (the api buckets the ledger's legs to fit). */
export const INVENTORY_MAX_POINTS = 120;

/** Net change of one asset on one exchange over one bucket of time (from the trade legs), as the api reads it. */
export interface InventoryDelta {
  /** ISO start of the bucket. */
  at: string;
  exchange: string;
  asset: string;
  delta: string;
}

export interface InventoryBalance {
  exchange: string;
  asset: string;
  amount: string;
  initial: string;
}

export interface InventorySeries {
  exchange: string;
  asset: string;
  points: { at: string; amount: string }[];
}

/** A direction the runner skips for want of funds ('Direção pausada: sem BTC na Binance'). */
export interface InventoryPause {
  exchange: string;
  asset: string;
  /** The leg that cannot be funded: a buy on `exchange` needs its quote there; a sell needs its base. */
  side: 'buy' | 'sell';
  reason: string;
  /** Opportunities skipped since the pause began. */
  skipped: number;
  /** ISO time the pause began. */
  since: string;
}

export interface InventoryRow {
  exchange: string;
  asset: string;
  amount: string;
  initial: string;
  /** % of the bot's total of this asset held on this exchange now / at start (null: none held). */
  sharePercent: string | null;
  initialSharePercent: string | null;
  /** sharePercent − initialSharePercent, percentage points (null when either is). */
  skewPoints: string | null;
  /** Net change per hour over the recent window (negative: draining). */
  flowPerHour: string;
  /** The bot's minimum order in this asset (null: no price known for it). */
  minOrder: string | null;
  /** Hours until the side can no longer fund the minimum order at the current pace (null: not draining). */
  hoursLeft: number | null;
  /** 'BTC na Binance acaba em ~3 h' (null: not draining). */
  forecast: string | null;
  /** Within the alert threshold (forecast < 1 h or less than 2 minimum orders). */
  alert: boolean;
}

export interface BotInventory {
  /** false: a live bot, whose balances are the exchange's (not read here): only paper bots show inventory. */
  available: boolean;
  note: string | null;
  minOrderUsdt: string;
  windowHours: number;
  rows: InventoryRow[];
  series: InventorySeries[];
  /** The rows' alert texts, for the banner ('BTC na Binance acaba em ~3 h', 'USDT na Bybit: abaixo de 2 ordens mínimas'). */
  alerts: string[];
  /** Directions the engine is skipping now. */
  pauses: InventoryPause[];
}

export const INVENTORY_LIVE_NOTE =
  'Inventário disponível apenas para bots em modo simulado: em modo real os saldos ficam na corretora.';

/** 'na Binance', 'no Mercado Bitcoin'. */
export function atExchange(exchange: string): string {
  const name = exchangeName(exchange);
  return `${name.startsWith('Mercado') ? 'no' : 'na'} ${name}`;
}

export function pauseReason(asset: string, exchange: string): string {
  return `Direção pausada: sem ${asset} ${atExchange(exchange)}`;
}

/** A readable duration, pt-BR: '~45 min', '~3 h', '~2 dias'. */
export function formatDuration(hours: number): string {
  if (hours < 1) return `~${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `~${Math.round(hours)} h`;
  return `~${Math.round(hours / 24)} dias`;
}

export function forecastText(asset: string, exchange: string, hoursLeft: number): string {
  return hoursLeft <= 0
    ? `${asset} ${atExchange(exchange)} acabou`
    : `${asset} ${atExchange(exchange)} acaba em ${formatDuration(hoursLeft)}`;
}

/**
 * Hours until `amount` falls below `minOrder` at `flowPerHour` (negative when draining); 0 when it is below already;
 * null when the flow is flat or positive (and not below already).
 */
export function hoursUntilDry(amount: string, minOrder: string, flowPerHour: string): number | null {
  const left = new Decimal(amount).minus(minOrder);
  if (left.lte(0)) return 0;
  const flow = new Decimal(flowPerHour);
  if (flow.gte(0)) return null;
  return left.div(flow.negated()).toNumber();
}

const key = (exchange: string, asset: string) => `${exchange}|${asset}`;

/**
 * The inventory over time: each (exchange, asset) of `balances` starting at its `initial` and moved by the bucketed
 * deltas in time order; one point at `startAt`, one per bucket, and the current amount at `nowAt` (transfers and
 * anything the legs do not explain land there).
 */
export function inventorySeries(
  balances: readonly InventoryBalance[],
  deltas: readonly InventoryDelta[],
  startAt: string,
  nowAt: string,
): InventorySeries[] {
  const running = new Map<string, Decimal>();
  const series = new Map<string, InventorySeries>();
  for (const b of balances) {
    running.set(key(b.exchange, b.asset), new Decimal(b.initial));
    series.set(key(b.exchange, b.asset), {
      exchange: b.exchange,
      asset: b.asset,
      points: [{ at: startAt, amount: new Decimal(b.initial).toFixed() }],
    });
  }
  const buckets = [...new Set(deltas.map((d) => d.at))].sort(
    (a, b) => new Date(a).getTime() - new Date(b).getTime(),
  );
  const byBucket = new Map<string, InventoryDelta[]>();
  for (const d of deltas) byBucket.set(d.at, [...(byBucket.get(d.at) ?? []), d]);
  for (const at of buckets) {
    for (const d of byBucket.get(at)!) {
      const k = key(d.exchange, d.asset);
      if (running.has(k)) running.set(k, running.get(k)!.plus(d.delta));
    }
    for (const [k, s] of series) s.points.push({ at, amount: running.get(k)!.toFixed() });
  }
  for (const b of balances)
    series.get(key(b.exchange, b.asset))!.points.push({ at: nowAt, amount: new Decimal(b.amount).toFixed() });
  return [...series.values()];
}

const percentOf = (part: Decimal, total: Decimal) =>
  total.isZero() ? null : part.mul(100).div(total).toDecimalPlaces(2).toFixed();

/**
 * The table: per (exchange, asset), the share of the asset held there now and at start (skew: the difference in
 * percentage points), the pace over the window (`flow`: net change over `windowHours`), the minimum order in the asset
 * (`priceUsdt`: USDT per unit; USDT is 1, BRL 1/usdtBrl) and the forecast. Assets the bot did not start with (a
 * fee paid in BNB) are listed without an alert.
 */
export function inventoryRows(
  balances: readonly InventoryBalance[],
  flow: ReadonlyMap<string, string>,
  windowHours: number,
  priceUsdt: (asset: string) => string | null,
  minOrderUsdt: string = BOT_MIN_ORDER_USDT,
): InventoryRow[] {
  const totals = new Map<string, { now: Decimal; start: Decimal }>();
  for (const b of balances) {
    const t = totals.get(b.asset) ?? { now: new Decimal(0), start: new Decimal(0) };
    t.now = t.now.plus(Decimal.max(b.amount, 0));
    t.start = t.start.plus(Decimal.max(b.initial, 0));
    totals.set(b.asset, t);
  }
  return balances.map((b) => {
    const t = totals.get(b.asset)!;
    const share = percentOf(Decimal.max(b.amount, 0), t.now);
    const initialShare = percentOf(Decimal.max(b.initial, 0), t.start);
    const perHour = new Decimal(flow.get(key(b.exchange, b.asset)) ?? 0).div(windowHours);
    const price = priceUsdt(b.asset);
    const minOrder =
      price && new Decimal(price).gt(0) ? new Decimal(minOrderUsdt).div(price).toSignificantDigits(8) : null;
    const funded = new Decimal(b.initial).gt(0);
    const hoursLeft =
      funded && minOrder ? hoursUntilDry(b.amount, minOrder.toFixed(), perHour.toFixed()) : null;
    const alert =
      funded &&
      minOrder !== null &&
      ((hoursLeft !== null && hoursLeft < INVENTORY_ALERT_HOURS) ||
        new Decimal(b.amount).lt(minOrder.mul(INVENTORY_ALERT_MIN_ORDERS)));
    return {
      exchange: b.exchange,
      asset: b.asset,
      amount: new Decimal(b.amount).toFixed(),
      initial: new Decimal(b.initial).toFixed(),
      sharePercent: share,
      initialSharePercent: initialShare,
      skewPoints:
        share !== null && initialShare !== null ? new Decimal(share).minus(initialShare).toFixed(2) : null,
      flowPerHour: perHour.toSignificantDigits(8).toFixed(),
      minOrder: minOrder?.toFixed() ?? null,
      hoursLeft,
      forecast: hoursLeft === null ? null : forecastText(b.asset, b.exchange, hoursLeft),
      alert,
    };
  });
}

/** The banner's lines: each alerting row's forecast, or that it holds under 2 minimum orders. */
export function inventoryAlerts(rows: readonly InventoryRow[]): string[] {
  return rows
    .filter((r) => r.alert)
    .map(
      (r) =>
        r.forecast ??
        `${r.asset} ${atExchange(r.exchange)}: abaixo de ${INVENTORY_ALERT_MIN_ORDERS} ordens mínimas`,
    );
}

/** An opportunity's legs as the skip rule reads them. */
export interface DirectionLegs {
  legs: readonly { exchange: string; symbol: string; side: 'buy' | 'sell'; price: string | number }[];
  usdtBrl: string | number;
}

/**
 * The skip rule (the runner and the backtest): a two-leg opportunity whose buy exchange cannot pay the minimum order
 * in the pair's quote, or whose sell exchange does not hold the minimum order's worth of the base, is a direction the
 * bot cannot fund: the side it lacks, or null. `held`: the bot's balance of an asset on an exchange (undefined:
 * unknown, never blocks). Triangular cycles (three legs on one exchange) are not judged here.
 */
export function unfundedSide(
  o: DirectionLegs,
  held: (exchange: string, asset: string) => string | undefined,
  minOrderUsdt: string = BOT_MIN_ORDER_USDT,
  marketMinimum?: (exchange: string, symbol: string) => number,
): Omit<InventoryPause, 'skipped' | 'since'> | null {
  if (o.legs.length !== 2) return null;
  const rate = new Decimal(String(o.usdtBrl));
  for (const leg of o.legs) {
    const [base, quote] = leg.symbol.split('/') as [string, string];
    if (quote !== 'USDT' && quote !== 'BRL') continue; // a cross pair (ETH/BTC): no USDT measure here
    const asset = leg.side === 'buy' ? quote : base;
    const amount = held(leg.exchange, asset);
    if (amount === undefined) continue;
    // the leg's funds in the quote
    const inQuote = leg.side === 'buy' ? new Decimal(amount) : new Decimal(amount).mul(String(leg.price));
    // The market's own minimum order (its notional, in the quote) when the engine knows it: an order the exchange
    // accepts is not skipped; else the platform's minimum in USDT (a R$ quote at the opportunity's rate).
    const known = marketMinimum?.(leg.exchange, leg.symbol) ?? 0;
    const short =
      known > 0
        ? inQuote.lt(String(known))
        : (quote === 'BRL' ? (rate.gt(0) ? inQuote.div(rate) : new Decimal(0)) : inQuote).lt(minOrderUsdt);
    if (short)
      return { exchange: leg.exchange, asset, side: leg.side, reason: pauseReason(asset, leg.exchange) };
  }
  return null;
}
