import type { ExchangeId, Opportunity, OpportunityLeg } from '@arbitra/contracts';

/** One side of a two-leg test opportunity: where, at what price (also its limit) and the taker fee. */
export interface TestLeg {
  exchange: ExchangeId;
  price: string;
  feeRate: string;
}

/**
 * A two-leg opportunity for the specs (arbitrage or statistical): buy `buy`, sell `sell`, `size` of the base at
 * the given prices (each its own limit), with the figures the detector would have given it.
 */
export function twoLegOpportunity(o: {
  strategy?: 'arbitrage' | 'statistical';
  symbol?: string;
  size?: string;
  buy: TestLeg;
  sell: TestLeg;
  netPercent: string;
  profitUsdt: string;
  profitBrl: string;
  firstSeen?: number;
  /** Exchange time it opened at (default: firstSeen). */
  openedAt?: number;
}): Opportunity {
  const { strategy = 'arbitrage', symbol = 'BTC/USDT', size = '1', firstSeen = 1 } = o;
  const openedAt = o.openedAt ?? firstSeen;
  const leg = (side: 'buy' | 'sell', l: TestLeg): OpportunityLeg => ({
    exchange: l.exchange,
    symbol,
    side,
    amount: size,
    price: l.price,
    limitPrice: l.price,
    notional: l.price,
    feeRate: l.feeRate,
  });
  const direction = `${o.buy.exchange}>${o.sell.exchange}`;
  return {
    id: `${strategy}:${symbol}:${direction}`,
    strategy,
    exchanges: [o.buy.exchange, o.sell.exchange],
    symbols: [symbol],
    direction,
    legs: [leg('buy', o.buy), leg('sell', o.sell)],
    netPct: Number(o.netPercent),
    netPercent: o.netPercent,
    size,
    sizeAsset: symbol.split('/')[0]!,
    capitalUsdt: o.buy.price,
    profitUsdt: o.profitUsdt,
    profitBrl: o.profitBrl,
    usdtBrl: '5.45',
    openedAt,
    firstSeen,
    lastSeen: firstSeen,
    ageMs: 0,
  };
}
