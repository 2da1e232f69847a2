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
 * Units: quantities in 10⁻¹⁸ of the asset (the ledger's numeric scale), R$ in 10⁻⁸ while accumulating; every
 * figure shown is rounded half-up to centavos once, from the exact sum (a month's total is never a sum of rounded
 * rows).
 */

/** A trade leg as the ledger stores it (decimal strings), enough to value it in R$. */
export type TaxLegInput = Pick<
  TradeLeg,
  | 'exchange'
  | 'symbol'
  | 'side'
  | 'filledAmount'
  | 'avgPrice'
  | 'quoteAmount'
  | 'fee'
  | 'feeAsset'
  | 'otherFees'
>;

export interface TaxTradeInput {
  id: string;
  executedAt: Date;
  /** 'YYYY-MM' of `executedAt` in America/Sao_Paulo. */
  month: string;
  /** The trade's USDT/BRL rate. */
  usdtBrl: string;
  legs: readonly TaxLegInput[];
  /** USDT per unit of assets the legs do not price (a fee in BNB), as the ledger kept them with the trade. */
  marks?: Readonly<Record<string, string>>;
}

/**
 * A transfer of the ledger between two of the user's exchange accounts (issue 29; TRANSFER_RULE): not a disposal;
 * only its withdrawal fee, paid in the asset, is (valued at `feeBrl`, R$ of the fee at the transfer; null: unknown).
 */
export interface TaxTransferInput {
  id: string;
  executedAt: Date;
  /** 'YYYY-MM' of `executedAt` in America/Sao_Paulo. */
  month: string;
  asset: string;
  /** Quantity withdrawn (the fee included) and the fee, exact decimal strings. */
  amount: string;
  fee: string;
  feeBrl: string | null;
}

/** A month's withdrawal fees paid in one crypto-asset (flagged for the accountant: TRANSFER_RULE). */
export interface WithdrawalFeeResult {
  asset: string;
  quantity: bigint;
  valueCents: bigint;
  costCents: bigint;
}

/**
 * One asset given (venda: a disposal) or received (compra) by one leg, valued in R$ (what the CSV lists, what the
 * pools consume), as rules.ts COST_RULE says.
 */
export interface TaxOperation {
  tradeId: string;
  executedAt: Date;
  month: string;
  exchange: string;
  asset: string;
  kind: 'compra' | 'venda';
  /** Quantity (10⁻¹⁸) received (net of a fee paid in it) or given (a fee paid in it included). */
  quantity: bigint;
  /** R$ (10⁻⁸): a purchase's value without fees; a disposal's value (valor de alienação, the exemption's figure). */
  value: bigint;
  /** The leg's fees (every currency) in R$ (10⁻⁸), on its base asset's row only (one leg, one row). */
  fee: bigint;
  /** R$ (10⁻⁸): a purchase's cost (fees included), or a disposal's proceeds (fees deducted). */
  amount: bigint;
  /** False when a value or fee could not be converted to R$ (a third asset with no price in the trade). */
  priced: boolean;
  /** The leg's own row (its base asset): the DeCripto counts each leg's value once, not each asset it moved. */
  legRow: boolean;
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

const FIAT = COST_RULE.fiatCurrency;

/** The operations of one trade: each leg's asset received and asset given (and a fee's third asset), in R$. */
export function tradeOperations(t: TaxTradeInput): TaxOperation[] {
  const rate = parseFixed(t.usdtBrl, 8);
  // Prices in USDT of the assets this trade traded against USDT (for legs quoted in a third asset).
  const usdtPrice = new Map<string, bigint>();
  for (const l of t.legs) {
    const slash = l.symbol.indexOf('/');
    if (l.symbol.slice(slash + 1) === 'USDT')
      usdtPrice.set(l.symbol.slice(0, slash), parseFixed(l.avgPrice, 18));
  }
  // Then the marks the ledger valued the trade's other assets at (a fee in BNB): a leg's own price wins.
  if (t.marks)
    for (const [asset, mark] of Object.entries(t.marks))
      if (!usdtPrice.has(asset)) usdtPrice.set(asset, parseFixed(mark, 18));
  /** An amount (10⁻¹⁸) of `asset` → R$ (10⁻⁸), or null when it has no price here. */
  const toBrl = (asset: string, amount: bigint): bigint | null => {
    if (asset === FIAT) return amount / 10n ** 10n;
    if (asset === 'USDT') return (amount * rate) / QTY_SCALE;
    const p = usdtPrice.get(asset);
    return p === undefined ? null : (((amount * p) / QTY_SCALE) * rate) / QTY_SCALE;
  };
  const ops: TaxOperation[] = [];
  // Plain literals with every field in one order (one hidden class: spreading here cost ~10× the arithmetic).
  const push = (
    l: TaxLegInput,
    asset: string,
    kind: 'compra' | 'venda',
    quantity: bigint,
    value: bigint,
    fee: bigint,
    amount: bigint,
    priced: boolean,
    legRow = false,
  ) =>
    ops.push({
      tradeId: t.id,
      executedAt: t.executedAt,
      month: t.month,
      exchange: l.exchange,
      asset,
      kind,
      quantity,
      value,
      fee,
      amount,
      priced,
      legRow,
    });
  for (const l of t.legs) {
    const filled = parseFixed(l.filledAmount, 18);
    if (filled <= 0n) continue;
    const slash = l.symbol.indexOf('/');
    const base = l.symbol.slice(0, slash);
    const quote = l.symbol.slice(slash + 1);
    const quoteAmount = parseFixed(l.quoteAmount, 18);
    const valued = toBrl(quote, quoteAmount);
    const v = valued ?? 0n;
    // Every fee of the leg (`fee` and `otherFees`, issue 25), each in R$, grouped by where it is paid from: the
    // base asset, the quote asset, or a third asset (disposed of on its own row).
    let fv = 0n; // all fees in R$
    let baseFee = 0n; // quantity of the base paid as fee, and its R$
    let baseFeeBrl = 0n;
    let quoteFee = 0n;
    let quoteFeeBrl = 0n;
    let feesPriced = true;
    const thirdFees: { asset: string; amount: bigint; brl: bigint }[] = [];
    for (const f of [{ cost: l.fee, currency: l.feeAsset }, ...(l.otherFees ?? [])]) {
      const amount = parseFixed(f.cost, 18);
      if (amount === 0n) continue;
      const brl =
        f.currency === base
          ? toBrl(quote, (amount * parseFixed(l.avgPrice, 18)) / QTY_SCALE)
          : toBrl(f.currency, amount);
      if (brl === null) feesPriced = false;
      const b = brl ?? 0n;
      fv += b;
      if (f.currency === base) {
        baseFee += amount;
        baseFeeBrl += b;
      } else if (f.currency === quote) {
        quoteFee += amount;
        quoteFeeBrl += b;
      } else if (f.currency !== FIAT) thirdFees.push({ asset: f.currency, amount, brl: b });
    }
    const priced = valued !== null && feesPriced;
    if (l.side === 'buy') {
      // Base received (net of a fee in it) at the value given plus the fees paid in other assets; quote given (a
      // fee in it included).
      push(l, base, 'compra', filled - baseFee, v, fv, v + fv - baseFeeBrl, priced, true);
      if (quote !== FIAT) {
        const given = v + quoteFeeBrl;
        push(l, quote, 'venda', quoteAmount + quoteFee, given, 0n, given, priced);
      }
    } else {
      // Base given (a fee in it included) for the quote received (net of a fee in it); the fees off the proceeds.
      const given = v + baseFeeBrl;
      push(l, base, 'venda', filled + baseFee, given, fv, given - fv, priced, true);
      if (quote !== FIAT) {
        const received = v - quoteFeeBrl;
        push(l, quote, 'compra', quoteAmount - quoteFee, received, 0n, received, priced);
      }
    }
    // A fee paid in a third crypto-asset disposes of it at its value in this trade.
    for (const f of thirdFees) push(l, f.asset, 'venda', f.amount, f.brl, 0n, f.brl, priced);
  }
  // The legs of one trade are simultaneous: purchases first, so a disposal finds what the same trade acquired.
  return ops.length < 2 ? ops : ops.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'compra' ? -1 : 1));
}

export interface AssetMonthResult {
  asset: string;
  boughtQuantity: bigint;
  soldQuantity: bigint;
  /** Purchases in R$ with fees (exact sums, rounded once to centavos). */
  purchasesCents: bigint;
  /** Disposals in R$ (the exemption's figure). */
  salesCents: bigint;
  /** Sum of the disposals' results (proceeds − average cost): positive and negative together. */
  gainCents: bigint;
  /** Sum of the positive results (what is taxed in a month over the limit). */
  gainsCents: bigint;
  /** Sum of the negative results (never offset: rules.ts LOSS_RULE), ≤ 0. */
  lossesCents: bigint;
  costOfSalesCents: bigint;
  /** Quantity given beyond what the report saw acquired (its cost is taken as zero). */
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
  /** Sum of every disposal's result (information: losses are not offset). */
  netGainCents: bigint;
  /** Sum of the positive results. */
  gainsCents: bigint;
  /** Sum of the negative results (≤ 0), not offset. */
  lossesCents: bigint;
  /** The positive results when the month is over the limit, else 0. */
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
  /** The value of the legs traded on each exchange, purchases and sales, each leg once (DeCripto's figure). */
  volumeByExchangeCents: Map<string, bigint>;
  assets: AssetMonthResult[];
  /** Transfers between the user's exchange accounts in the month (not disposals). */
  transfers: number;
  /** The withdrawal fees paid in crypto in the month, per asset (disposals, flagged for the accountant). */
  withdrawalFees: WithdrawalFeeResult[];
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

/** What a month leaves to the next: the pools and the DARF amount carried (below R$ 10,00). */
export interface TaxState {
  pools: ReadonlyMap<string, Readonly<Pool>>;
  darfCarryCents: bigint;
}

/** A folded month: its result and the state right after it (resuming from it folds the next months). */
export interface FoldedMonth {
  result: MonthTaxResult;
  after: TaxState;
}

interface AssetAcc {
  bought: bigint;
  sold: bigint;
  purchases: bigint;
  sales: bigint;
  proceeds: bigint;
  cost: bigint;
  gains: bigint;
  losses: bigint;
  uncovered: bigint;
}
interface MonthAcc {
  month: string;
  trades: number;
  transfers: number;
  withdrawalFees: Map<string, { quantity: bigint; value: bigint; cost: bigint }>;
  operations: number;
  unpriced: number;
  fees: bigint;
  assets: Map<string, AssetAcc>;
  volume: Map<string, bigint>;
}

const newMonth = (month: string): MonthAcc => ({
  month,
  trades: 0,
  transfers: 0,
  withdrawalFees: new Map(),
  operations: 0,
  unpriced: 0,
  fees: 0n,
  assets: new Map(),
  volume: new Map(),
});

const copyPools = (pools: ReadonlyMap<string, Readonly<Pool>>): Map<string, Pool> =>
  new Map([...pools].map(([a, p]): [string, Pool] => [a, { quantity: p.quantity, cost: p.cost }]));

/**
 * Folds a stream of live trades (in execution order) into each month's result and the state after it.
 * Stateful so a caller can feed trades page by page, or resume after a kept month: `add` each, then `finish`.
 */
export class TaxLedger {
  private readonly pools: Map<string, Pool>;
  private darfCarry: bigint;
  private readonly folded: FoldedMonth[] = [];
  private current: MonthAcc | null = null;

  private readonly start: TaxState;

  /** A ledger in `state` (the state after the last kept month; none: from nothing). */
  constructor(state?: TaxState) {
    this.pools = state ? copyPools(state.pools) : new Map<string, Pool>();
    this.darfCarry = state?.darfCarryCents ?? 0n;
    this.start = { pools: copyPools(this.pools), darfCarryCents: this.darfCarry };
  }

  add(t: TaxTradeInput): void {
    const m = this.monthOf(t.month);
    m.trades++;
    for (const op of tradeOperations(t)) this.apply(m, op);
  }

  /**
   * A transfer between the user's own accounts (TRANSFER_RULE): the quantity received keeps its average cost
   * (nothing moves in the pool); the withdrawal fee paid in the asset is a disposal at `feeBrl`, listed apart.
   */
  addTransfer(t: TaxTransferInput): void {
    const m = this.monthOf(t.month);
    m.transfers++;
    const quantity = parseFixed(t.fee, 18);
    if (quantity <= 0n) return;
    const value = t.feeBrl === null ? 0n : parseFixed(t.feeBrl, 8);
    const pool = this.pools.get(t.asset);
    const before = pool?.cost ?? 0n;
    this.apply(m, {
      tradeId: t.id,
      executedAt: t.executedAt,
      month: t.month,
      exchange: '',
      asset: t.asset,
      kind: 'venda',
      quantity,
      value,
      fee: 0n,
      amount: value,
      priced: t.feeBrl !== null,
      legRow: false,
    });
    const w = m.withdrawalFees.get(t.asset) ?? { quantity: 0n, value: 0n, cost: 0n };
    w.quantity += quantity;
    w.value += value;
    w.cost += before - (this.pools.get(t.asset)?.cost ?? 0n);
    m.withdrawalFees.set(t.asset, w);
  }

  private monthOf(month: string): MonthAcc {
    if (this.current && month < this.current.month)
      throw new RangeError(`trades fora de ordem: ${month} depois de ${this.current.month}`);
    if (!this.current || this.current.month !== month) {
      if (this.current) this.closeMonth(this.current);
      this.current = newMonth(month);
    }
    return this.current;
  }

  /**
   * The months folded since the start (or the resumed state), in order; with `alsoMonths`, each of those months
   * that had no trade is there too, empty (nothing traded, the state and a DARF carry passed through), so a
   * caller keeping months by calendar knows it was folded.
   */
  finish(alsoMonths: Iterable<string> = []): FoldedMonth[] {
    if (this.current) this.closeMonth(this.current);
    this.current = null;
    const empty = [...new Set(alsoMonths)].filter((m) => !this.folded.some((f) => f.result.month === m));
    if (!empty.length) return this.folded;
    const all: FoldedMonth[] = [];
    let before: TaxState = { pools: this.start.pools, darfCarryCents: this.start.darfCarryCents };
    for (const month of [...empty, ...this.folded.map((f) => f.result.month)].sort()) {
      const f = this.folded.find((x) => x.result.month === month) ?? emptyFoldedMonth(month, before);
      all.push(f);
      before = f.after;
    }
    return all;
  }

  private apply(m: MonthAcc, op: TaxOperation): void {
    m.operations++;
    if (!op.priced) m.unpriced++;
    m.fees += op.fee;
    if (op.legRow) m.volume.set(op.exchange, (m.volume.get(op.exchange) ?? 0n) + op.value);
    let a = m.assets.get(op.asset);
    if (!a) {
      a = {
        bought: 0n,
        sold: 0n,
        purchases: 0n,
        sales: 0n,
        proceeds: 0n,
        cost: 0n,
        gains: 0n,
        losses: 0n,
        uncovered: 0n,
      };
      m.assets.set(op.asset, a);
    }
    let pool = this.pools.get(op.asset);
    if (!pool) {
      pool = { quantity: 0n, cost: 0n };
      this.pools.set(op.asset, pool);
    }
    if (op.kind === 'compra') {
      pool.quantity += op.quantity;
      pool.cost += op.amount;
      a.bought += op.quantity;
      a.purchases += op.amount;
      return;
    }
    const given = op.quantity;
    const covered = pool.quantity <= 0n ? 0n : given < pool.quantity ? given : pool.quantity;
    const cost =
      covered === 0n ? 0n : covered === pool.quantity ? pool.cost : (pool.cost * covered) / pool.quantity;
    pool.quantity -= covered;
    pool.cost -= cost;
    const result = op.amount - cost;
    a.sold += given;
    a.uncovered += given - covered;
    a.sales += op.value;
    a.proceeds += op.amount;
    a.cost += cost;
    if (result >= 0n) a.gains += result;
    else a.losses += result;
  }

  private closeMonth(m: MonthAcc): void {
    const entries = [...m.assets.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    // Month totals from the exact sums, rounded once (never a sum of rounded rows).
    let sales = 0n;
    let purchases = 0n;
    let gains = 0n;
    let losses = 0n;
    const assets: AssetMonthResult[] = entries.map(([asset, a]) => {
      sales += a.sales;
      purchases += a.purchases;
      gains += a.gains;
      losses += a.losses;
      return {
        asset,
        boughtQuantity: a.bought,
        soldQuantity: a.sold,
        purchasesCents: toCents(a.purchases),
        salesCents: toCents(a.sales),
        costOfSalesCents: toCents(a.cost),
        gainCents: toCents(a.gains + a.losses),
        gainsCents: toCents(a.gains),
        lossesCents: toCents(a.losses),
        uncoveredQuantity: a.uncovered,
      };
    });
    const salesCents = toCents(sales);
    const limit = exemptionFor(m.month).value.limitCents;
    const exempt = salesCents <= limit;
    const gainsCents = toCents(gains);
    const taxableGainCents = exempt ? 0n : gainsCents; // LOSS_RULE: losses offset nothing
    const taxCents = taxOnGain(m.month, taxableGainCents);
    const carriedInCents = this.darfCarry;
    const amountCents = taxCents + carriedInCents;
    const payable = amountCents >= DARF_RULE.minimumCents;
    this.darfCarry = payable ? 0n : amountCents;
    const result: MonthTaxResult = {
      month: m.month,
      trades: m.trades,
      operations: m.operations,
      unpricedOperations: m.unpriced,
      salesCents,
      purchasesCents: toCents(purchases),
      feesCents: toCents(m.fees),
      exemptionLimitCents: limit,
      exempt,
      netGainCents: toCents(gains + losses),
      gainsCents,
      lossesCents: toCents(losses),
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
      transfers: m.transfers,
      withdrawalFees: [...m.withdrawalFees.entries()]
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
        .map(([asset, w]) => ({
          asset,
          quantity: w.quantity,
          valueCents: toCents(w.value),
          costCents: toCents(w.cost),
        })),
    };
    this.folded.push({ result, after: { pools: copyPools(this.pools), darfCarryCents: this.darfCarry } });
  }
}

/** A month without live trades: nothing sold, nothing due; a DARF carry below R$ 10,00 passes through. */
export function emptyMonthResult(month: string, darfCarryCents = 0n): MonthTaxResult {
  return {
    month,
    trades: 0,
    operations: 0,
    unpricedOperations: 0,
    salesCents: 0n,
    purchasesCents: 0n,
    feesCents: 0n,
    exemptionLimitCents: exemptionFor(month).value.limitCents,
    exempt: true,
    netGainCents: 0n,
    gainsCents: 0n,
    lossesCents: 0n,
    taxableGainCents: 0n,
    taxCents: 0n,
    darf: {
      code: DARF_RULE.code,
      period: month,
      dueDate: darfDueDate(month),
      amountCents: darfCarryCents,
      carriedInCents: darfCarryCents,
      payable: false,
      carriedOutCents: darfCarryCents,
    },
    volumeByExchangeCents: new Map(),
    assets: [],
    transfers: 0,
    withdrawalFees: [],
  };
}

const emptyFoldedMonth = (month: string, before: TaxState): FoldedMonth => ({
  result: emptyMonthResult(month, before.darfCarryCents),
  after: before,
});

/** The holdings at cost in a state (what 'Bens e Direitos' lists). */
export function balancesOf(state: TaxState): AssetBalance[] {
  return [...state.pools.entries()]
    .filter(([, p]) => p.quantity > 0n)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([asset, p]) => ({ asset, quantity: p.quantity, costCents: toCents(p.cost) }));
}

/**
 * Months folded in order → the history: every month with live trades, and each year's balance after its last
 * folded month.
 */
export function historyOf(folded: Iterable<FoldedMonth>): TaxHistory {
  const months = new Map<string, MonthTaxResult>();
  const yearEndBalances = new Map<number, AssetBalance[]>();
  for (const f of folded) {
    if (f.result.trades === 0 && f.result.transfers === 0) continue;
    months.set(f.result.month, f.result);
    yearEndBalances.set(Number(f.result.month.slice(0, 4)), balancesOf(f.after));
  }
  return { months, yearEndBalances };
}

/** Every month's result and year-end balances of a chronological list of live trades (the full recomputation). */
export function computeTaxHistory(trades: Iterable<TaxTradeInput>): TaxHistory {
  const ledger = new TaxLedger();
  for (const t of trades) ledger.add(t);
  return historyOf(ledger.finish());
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
