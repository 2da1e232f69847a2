import { Decimal } from 'decimal.js';
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

/**
 * The Binance cycle USDT → BTC → ETH → USDT for the specs: three legs at the given amounts and prices (each its own
 * limit), taker 0.1 %, with the detector's figures as given.
 */
export function btcEthTriangle(o: {
  legs: [amount: string, price: string][];
  netPercent: string;
  size: string;
  profitUsdt: string;
  profitBrl: string;
}): Opportunity {
  const symbols = ['BTC/USDT', 'ETH/BTC', 'ETH/USDT'];
  const sides = ['buy', 'buy', 'sell'] as const;
  return {
    id: 'triangular:binance:USDT>BTC>ETH>USDT',
    strategy: 'triangular',
    exchanges: ['binance'],
    symbols,
    direction: 'USDT>BTC>ETH>USDT',
    legs: o.legs.map(([amount, price], i) => ({
      exchange: 'binance',
      symbol: symbols[i]!,
      side: sides[i]!,
      amount,
      price,
      limitPrice: price,
      notional: new Decimal(amount).mul(price).toFixed(),
      feeRate: '0.001',
    })),
    netPct: Number(o.netPercent),
    netPercent: o.netPercent,
    size: o.size,
    sizeAsset: 'USDT',
    capitalUsdt: o.size,
    profitUsdt: o.profitUsdt,
    profitBrl: o.profitBrl,
    usdtBrl: '5.45',
    openedAt: 1,
    firstSeen: 1,
    lastSeen: 1,
    ageMs: 0,
  };
}
