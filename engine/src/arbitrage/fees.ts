import { DEFAULT_TAKER_FEES, EXCHANGE_IDS, type ExchangeId } from '@arbitra/contracts';

/** Fee rates as fractions: 0.001 = 0.1 %. */
export interface FeeRates {
  taker: number;
  maker: number;
}

/**
 * Defaults from the exchanges' public spot schedules, base (non-VIP) tier:
 * - binance 0.1 % / 0.1 % (binance.com/fee; also ccxt's describe()).
 * - bybit 0.1 % / 0.1 % (Bybit help centre, "Spot trading fees", non-VIP).
 * - gateio 0.2 % / 0.2 % (the long-standing VIP 0 rate, kept as a conservative default: Gate's fee page
 *   now shows 0.1 % or lower for VIP 0 in several regions; the admin can lower it).
 * - mexc taker 0.05 % / maker 0 % (MEXC Learn, "Calculation of fees in spot trading", 2025).
 * - mercadobitcoin taker 0.7 % / maker 0.3 % (ccxt's describe(); not verified against MB's current page).
 */
export const DEFAULT_FEES: Readonly<Record<ExchangeId, FeeRates>> = {
  binance: { taker: DEFAULT_TAKER_FEES.binance, maker: 0.001 },
  bybit: { taker: DEFAULT_TAKER_FEES.bybit, maker: 0.001 },
  gateio: { taker: DEFAULT_TAKER_FEES.gateio, maker: 0.002 },
  mexc: { taker: DEFAULT_TAKER_FEES.mexc, maker: 0 },
  mercadobitcoin: { taker: DEFAULT_TAKER_FEES.mercadobitcoin, maker: 0.003 },
};

export type FeeOverrides = Partial<Record<ExchangeId, Partial<FeeRates>>>;

/** Taker/maker fee per exchange; editable at run time (admin settings). Reads are O(1). */
export class FeeTable {
  private readonly takerByIndex: Float64Array;
  private readonly rates = new Map<ExchangeId, FeeRates>();

  constructor(overrides: FeeOverrides = {}) {
    this.takerByIndex = new Float64Array(EXCHANGE_IDS.length);
    for (const ex of EXCHANGE_IDS) this.set(ex, { ...DEFAULT_FEES[ex], ...overrides[ex] });
  }

  taker(exchange: ExchangeId): number {
    return this.rates.get(exchange)!.taker;
  }

  maker(exchange: ExchangeId): number {
    return this.rates.get(exchange)!.maker;
  }

  /** Taker fee by exchange index (BookSlot.exchangeIndex): the detectors' hot path. */
  takerAt(exchangeIndex: number): number {
    return this.takerByIndex[exchangeIndex]!;
  }

  /** Replaces an exchange's rates (validated: 0 ≤ rate < 0.1). */
  set(exchange: ExchangeId, rates: Partial<FeeRates>): void {
    const current = this.rates.get(exchange) ?? DEFAULT_FEES[exchange];
    const next = { ...current, ...rates };
    for (const v of [next.taker, next.maker]) {
      if (!(v >= 0 && v < 0.1)) throw new RangeError(`taxa inválida para ${exchange}: ${v}`);
    }
    this.rates.set(exchange, next);
    this.takerByIndex[EXCHANGE_IDS.indexOf(exchange)] = next.taker;
  }

  snapshot(): Record<ExchangeId, FeeRates> {
    return Object.fromEntries([...this.rates].map(([ex, r]) => [ex, { ...r }])) as Record<
      ExchangeId,
      FeeRates
    >;
  }
}
