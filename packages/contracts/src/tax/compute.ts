import type { TradeLeg } from '../domain/bots.js';
import {
  COST_RULE,
  DARF_RULE,
  darfDueDate,
  decriptoFor,
  divRoundHalfUp,
  exchangeReports,
  exemptionFor,
  taxOnGain,
} from './rules.js';

/**
 * The tax computation of the 'Impostos' report (issue 15 §3): pure, exact integer arithmetic (bigint
 * fixed point), fed with the user's LIVE trades in execution order. The rules come from ./rules.ts.
 *
 * Units: quantities in 10⁻¹⁸ of the asset (the ledger's numeric scale), R$ in 10⁻⁸ while accumulating,
 * rounded half-up to centavos per asset and month.
 */

/** A trade leg as the ledger stores it (decimal strings), enough to value it in R$. */
export type TaxLegInput = Pick<
  TradeLeg,
  'exchange' | 'symbol' | 'side' | 'filledAmount' | 'avgPrice' | 'quoteAmount' | 'fee' | 'feeAsset'
>;

export interface TaxTradeInput {
  id: string;
  executedAt: Date;
  /** 'YYYY-MM' of `executedAt` in America/Sao_Paulo. */
  month: string;
  /** The trade's USDT/BRL rate. */
  usdtBrl: string;
  legs: readonly TaxLegInput[];
}

/** One purchase or sale of one asset, valued in R$ (what the CSV lists, what the pools consume). */
export interface TaxOperation {
  tradeId: string;
  executedAt: Date;
  month: string;
  exchange: string;
  asset: string;
  kind: 'compra' | 'venda';
  /** Quantity traded (10⁻¹⁸). */
  quantity: bigint;
  /** Part of the fee paid in the asset itself (10⁻¹⁸): received less / delivered more. */
  feeQuantity: bigint;
  /** Value in R$ without fees (10⁻⁸). */
  value: bigint;
  /** Fees in R$ (10⁻⁸). */
  fee: bigint;
  /** False when a value or fee could not be converted to R$ (a third asset with no price in the trade). */
  priced: boolean;
}

export const QTY_SCALE = 10n ** 18n;
export const BRL_SCALE = 10n ** 8n;
const CENTS_PER_UNIT = 10n ** 6n; // 10⁻⁸ R$ → centavos

/** An exact decimal string → integer at `decimals` places (extra digits rounded half-up). */
export function parseFixed(s: string, decimals: number): bigint {
  const negative = s.startsWith('-');
  const body = negative || s.startsWith('+') ? s.slice(1) : s;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const frac = dot < 0 ? '' : body.slice(dot + 1);
  let v = BigInt((int || '0') + frac.slice(0, decimals).padEnd(decimals, '0'));
  if (frac.length > decimals && frac.charCodeAt(decimals) >= 53 /* '5' */) v += 1n;
  return negative ? -v : v;
}

/** An integer at `decimals` places → exact decimal string. */
export function formatFixed(v: bigint, decimals: number): string {
  const negative = v < 0n;
  const digits = (negative ? -v : v).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = decimals ? digits.slice(digits.length - decimals).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** R$ at 10⁻⁸ → centavos, half-up. */
export const toCents = (units: bigint): bigint => divRoundHalfUp(units, CENTS_PER_UNIT);
/** Centavos → '1234.56'. */
export const centsToReais = (cents: bigint): string => {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

const SETTLEMENT: readonly string[] = COST_RULE.settlementCurrencies;

/** The operations of one trade, each leg valued in R$ as rules.ts COST_RULE says. */
export function tradeOperations(t: TaxTradeInput): TaxOperation[] {
  const rate = parseFixed(t.usdtBrl, 8);
  // Prices in USDT of the assets this trade traded against USDT (for legs quoted in a third asset).
  const usdtPrice = new Map<string, bigint>();
  for (const l of t.legs) {
    const slash = l.symbol.indexOf('/');
    if (l.symbol.slice(slash + 1) === 'USDT')
      usdtPrice.set(l.symbol.slice(0, slash), parseFixed(l.avgPrice, 18));
  }
  /** An amount (10⁻¹⁸) of `asset` → R$ (10⁻⁸), or null when it has no price here. */
  const toBrl = (asset: string, amount: bigint): bigint | null => {
    if (asset === 'BRL') return amount / 10n ** 10n;
    if (asset === 'USDT') return (amount * rate) / QTY_SCALE;
    const p = usdtPrice.get(asset);
    return p === undefined ? null : (((amount * p) / QTY_SCALE) * rate) / QTY_SCALE;
  };
  const ops: TaxOperation[] = [];
  for (const l of t.legs) {
    const quantity = parseFixed(l.filledAmount, 18);
    if (quantity <= 0n) continue;
    const slash = l.symbol.indexOf('/');
    const base = l.symbol.slice(0, slash);
    const quote = l.symbol.slice(slash + 1);
    const quoteAmount = parseFixed(l.quoteAmount, 18);
    const feeAmount = parseFixed(l.fee, 18);
    const value = toBrl(quote, quoteAmount);
    let fee: bigint | null;
    let feeQuantity = 0n;
    if (feeAmount === 0n) fee = 0n;
    else if (l.feeAsset === base) {
      feeQuantity = feeAmount;
      fee = toBrl(quote, (feeAmount * parseFixed(l.avgPrice, 18)) / QTY_SCALE);
    } else fee = toBrl(l.feeAsset, feeAmount);
    const priced = value !== null && fee !== null;
    const buy = l.side === 'buy';
    // Plain literals with every field in one order (one hidden class: spreading here cost ~10× the arithmetic).
    ops.push({
      tradeId: t.id,
      executedAt: t.executedAt,
      month: t.month,
      exchange: l.exchange,
      asset: base,
      kind: buy ? 'compra' : 'venda',
      quantity,
      feeQuantity,
      value: value ?? 0n,
      fee: fee ?? 0n,
      priced,
    });
    // A leg quoted in another crypto-asset also sells (buy leg) or buys (sell leg) that asset.
    if (!SETTLEMENT.includes(quote)) {
      ops.push({
        tradeId: t.id,
        executedAt: t.executedAt,
        month: t.month,
        exchange: l.exchange,
        asset: quote,
        kind: buy ? 'venda' : 'compra',
        quantity: quoteAmount,
        feeQuantity: 0n,
        value: value ?? 0n,
        fee: 0n,
        priced,
      });
    }
  }
  // The legs of one trade are simultaneous: purchases first, so an arbitrage's sale finds its purchase's cost.
  return ops.length < 2 ? ops : ops.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'compra' ? -1 : 1));
}

export interface AssetMonthResult {
  asset: string;
  boughtQuantity: bigint;
  soldQuantity: bigint;
  /** Purchases in R$ with fees (10⁻⁸ accumulated, centavos in the result). */
  purchasesCents: bigint;
  /** Sales in R$ without fees (the exemption's figure). */
  salesCents: bigint;
  /** Sales net of their fees minus the average cost of what was sold. */
  gainCents: bigint;
  costOfSalesCents: bigint;
  /** Quantity sold beyond what the report saw bought (its cost is taken as zero). */
  uncoveredQuantity: bigint;
}

export interface MonthTaxResult {
  month: string;
  trades: number;
  operations: number;
  unpricedOperations: number;
  salesCents: bigint;
  purchasesCents: bigint;
  feesCents: bigint;
  exemptionLimitCents: bigint;
  exempt: boolean;
  netGainCents: bigint;
  lossCarryInCents: bigint;
  lossUsedCents: bigint;
  lossCarryOutCents: bigint;
  taxableGainCents: bigint;
  taxCents: bigint;
  darf: {
    code: string;
    period: string;
    dueDate: string;
    /** This month's tax plus what earlier months carried (below R$ 10,00). */
    amountCents: bigint;
    carriedInCents: bigint;
    payable: boolean;
    /** Carried to the next month (amount below R$ 10,00). */
    carriedOutCents: bigint;
  };
  /** Purchases + sales in R$ per exchange (DeCripto's figure). */
  volumeByExchangeCents: Map<string, bigint>;
  assets: AssetMonthResult[];
}

export interface AssetBalance {
  asset: string;
  quantity: bigint;
  costCents: bigint;
}

export interface TaxHistory {
  months: Map<string, MonthTaxResult>;
  /** Balance per asset at cost after the last operation of each year (31/12), by year. */
  yearEndBalances: Map<number, AssetBalance[]>;
}

/** An asset's holdings at average cost (10⁻¹⁸, R$ 10⁻⁸). */
export interface Pool {
  quantity: bigint;
  cost: bigint;
}
interface AssetAcc {
  bought: bigint;
  sold: bigint;
  purchases: bigint;
  sales: bigint;
  proceeds: bigint;
  cost: bigint;
  uncovered: bigint;
}
interface MonthAcc {
  month: string;
  trades: number;
  operations: number;
  unpriced: number;
  fees: bigint;
  assets: Map<string, AssetAcc>;
  volume: Map<string, bigint>;
}

const newMonth = (month: string): MonthAcc => ({
  month,
  trades: 0,
  operations: 0,
  unpriced: 0,
  fees: 0n,
  assets: new Map(),
  volume: new Map(),
});

/**
 * Folds a stream of live trades (in execution order) into each month's result and each year's closing
 * balances. Stateful so a caller can feed trades page by page: `add` each, then `finish`.
 */
/** The state of a TaxLedger right before a month's first trade: resuming from it refolds that month onwards. */
export interface TaxCheckpoint {
  month: string;
  pools: ReadonlyMap<string, Readonly<Pool>>;
  months: ReadonlyMap<string, MonthTaxResult>;
  yearEnd: ReadonlyMap<number, AssetBalance[]>;
  lossCarry: bigint;
  darfCarry: bigint;
  lossYear: number;
}

export class TaxLedger {
  private readonly pools = new Map<string, Pool>();
  private readonly months = new Map<string, MonthTaxResult>();
  private readonly yearEnd = new Map<number, AssetBalance[]>();
  /** The state before each month the fold started (by month). */
  private readonly checkpoints = new Map<string, TaxCheckpoint>();
  private current: MonthAcc | null = null;
  private lossCarry = 0n;
  private darfCarry = 0n;
  private lossYear = 0;

  /** A ledger in the state of `cp`: feed it the trades of `cp.month` onwards. */
  static resume(cp: TaxCheckpoint, earlier: ReadonlyMap<string, TaxCheckpoint>): TaxLedger {
    const l = new TaxLedger();
    for (const [asset, p] of cp.pools) l.pools.set(asset, { quantity: p.quantity, cost: p.cost });
    for (const [m, r] of cp.months) l.months.set(m, r);
    for (const [y, b] of cp.yearEnd) l.yearEnd.set(y, b);
    for (const [m, c] of earlier) if (m < cp.month) l.checkpoints.set(m, c);
    l.lossCarry = cp.lossCarry;
    l.darfCarry = cp.darfCarry;
    l.lossYear = cp.lossYear;
    return l;
  }

  add(t: TaxTradeInput): void {
    if (this.current && t.month < this.current.month)
      throw new RangeError(`trades fora de ordem: ${t.month} depois de ${this.current.month}`);
    if (!this.current || this.current.month !== t.month) this.startMonth(t.month);
    this.current!.trades++;
    for (const op of tradeOperations(t)) this.apply(this.current!, op);
  }

  finish(): TaxHistory & { checkpoints: ReadonlyMap<string, TaxCheckpoint> } {
    if (this.current) {
      this.closeMonth(this.current);
      this.yearEnd.set(Number(this.current.month.slice(0, 4)), this.balances());
      this.current = null;
    }
    return { months: this.months, yearEndBalances: this.yearEnd, checkpoints: this.checkpoints };
  }

  private startMonth(month: string): void {
    if (this.current) {
      this.closeMonth(this.current);
      const year = Number(this.current.month.slice(0, 4));
      if (Number(month.slice(0, 4)) !== year) this.yearEnd.set(year, this.balances());
    }
    this.checkpoints.set(month, {
      month,
      pools: new Map([...this.pools].map(([a, p]) => [a, { quantity: p.quantity, cost: p.cost }])),
      months: new Map(this.months),
      yearEnd: new Map(this.yearEnd),
      lossCarry: this.lossCarry,
      darfCarry: this.darfCarry,
      lossYear: this.lossYear,
    });
    this.current = newMonth(month);
  }

  private apply(m: MonthAcc, op: TaxOperation): void {
    m.operations++;
    if (!op.priced) m.unpriced++;
    m.fees += op.fee;
    m.volume.set(op.exchange, (m.volume.get(op.exchange) ?? 0n) + op.value);
    let a = m.assets.get(op.asset);
    if (!a) {
      a = { bought: 0n, sold: 0n, purchases: 0n, sales: 0n, proceeds: 0n, cost: 0n, uncovered: 0n };
      m.assets.set(op.asset, a);
    }
    let pool = this.pools.get(op.asset);
    if (!pool) {
      pool = { quantity: 0n, cost: 0n };
      this.pools.set(op.asset, pool);
    }
    // A fee paid in the asset is already in the quantity; else it adds to the cost / comes off the proceeds.
    const feeInCost = op.feeQuantity > 0n ? 0n : op.fee;
    if (op.kind === 'compra') {
      const received = op.quantity - op.feeQuantity;
      pool.quantity += received;
      pool.cost += op.value + feeInCost;
      a.bought += received;
      a.purchases += op.value + feeInCost;
      return;
    }
    const delivered = op.quantity + op.feeQuantity;
    const covered = pool.quantity <= 0n ? 0n : delivered < pool.quantity ? delivered : pool.quantity;
    const cost =
      covered === 0n ? 0n : covered === pool.quantity ? pool.cost : (pool.cost * covered) / pool.quantity;
    pool.quantity -= covered;
    pool.cost -= cost;
    a.sold += delivered;
    a.uncovered += delivered - covered;
    a.sales += op.value;
    a.proceeds += op.value - feeInCost;
    a.cost += cost;
  }

  private closeMonth(m: MonthAcc): void {
    const year = Number(m.month.slice(0, 4));
    if (year !== this.lossYear) {
      this.lossYear = year;
      this.lossCarry = 0n; // LOSS_RULE: losses do not cross the calendar year
    }
    const assets: AssetMonthResult[] = [...m.assets.entries()]
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([asset, a]) => ({
        asset,
        boughtQuantity: a.bought,
        soldQuantity: a.sold,
        purchasesCents: toCents(a.purchases),
        salesCents: toCents(a.sales),
        costOfSalesCents: toCents(a.cost),
        gainCents: a.sold === 0n ? 0n : toCents(a.proceeds - a.cost),
        uncoveredQuantity: a.uncovered,
      }));
    const salesCents = assets.reduce((s, a) => s + a.salesCents, 0n);
    const netGainCents = assets.reduce((s, a) => s + a.gainCents, 0n);
    const limit = exemptionFor(m.month).value.limitCents;
    const exempt = salesCents <= limit;
    const lossCarryInCents = this.lossCarry;
    let lossUsedCents = 0n;
    let taxableGainCents = 0n;
    if (netGainCents < 0n) this.lossCarry += -netGainCents;
    else if (!exempt) {
      lossUsedCents = netGainCents < this.lossCarry ? netGainCents : this.lossCarry;
      this.lossCarry -= lossUsedCents;
      taxableGainCents = netGainCents - lossUsedCents;
    }
    const taxCents = taxOnGain(m.month, taxableGainCents);
    const carriedInCents = this.darfCarry;
    const amountCents = taxCents + carriedInCents;
    const payable = amountCents >= DARF_RULE.minimumCents;
    this.darfCarry = payable ? 0n : amountCents;
    this.months.set(m.month, {
      month: m.month,
      trades: m.trades,
      operations: m.operations,
      unpricedOperations: m.unpriced,
      salesCents,
      purchasesCents: assets.reduce((s, a) => s + a.purchasesCents, 0n),
      feesCents: toCents(m.fees),
      exemptionLimitCents: limit,
      exempt,
      netGainCents,
      lossCarryInCents,
      lossUsedCents,
      lossCarryOutCents: this.lossCarry,
      taxableGainCents,
      taxCents,
      darf: {
        code: DARF_RULE.code,
        period: m.month,
        dueDate: darfDueDate(m.month),
        amountCents,
        carriedInCents,
        payable,
        carriedOutCents: this.darfCarry,
      },
      volumeByExchangeCents: new Map([...m.volume].map(([e, v]) => [e, toCents(v)])),
      assets,
    });
  }

  private balances(): AssetBalance[] {
    return [...this.pools.entries()]
      .filter(([, p]) => p.quantity > 0n)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([asset, p]) => ({ asset, quantity: p.quantity, costCents: toCents(p.cost) }));
  }
}

/** Every month's result and year-end balances of a chronological list of live trades. */
export function computeTaxHistory(trades: Iterable<TaxTradeInput>): TaxHistory {
  const ledger = new TaxLedger();
  for (const t of trades) ledger.add(t);
  const { months, yearEndBalances } = ledger.finish();
  return { months, yearEndBalances };
}

export interface DecriptoResult {
  instrument: string;
  source: string;
  thresholdCents: bigint;
  /** Purchases + sales through exchanges that do not report, in R$. */
  nonReportingCents: bigint;
  due: boolean;
  exchanges: { exchange: string; reports: boolean; volumeCents: bigint }[];
}

/** Whether a month's operations oblige the user to file a DeCripto, given each exchange's classification. */
export function decriptoDuty(
  month: MonthTaxResult,
  userChoices: Readonly<Record<string, boolean>> = {},
): DecriptoResult {
  const rule = decriptoFor(month.month);
  const exchanges = [...month.volumeByExchangeCents.entries()].map(([exchange, volumeCents]) => ({
    exchange,
    reports: exchangeReports(exchange, month.month, userChoices[exchange]),
    volumeCents,
  }));
  const nonReportingCents = exchanges.filter((e) => !e.reports).reduce((s, e) => s + e.volumeCents, 0n);
  return {
    instrument: rule.value.instrument,
    source: rule.source,
    thresholdCents: rule.value.thresholdCents,
    nonReportingCents,
    due: nonReportingCents > rule.value.thresholdCents,
    exchanges,
  };
}

const SP_MONTH = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
});

/** 'YYYY-MM' of an instant in America/Sao_Paulo. */
export function saoPauloMonth(at: Date): string {
  return SP_MONTH.format(at).slice(0, 7);
}
