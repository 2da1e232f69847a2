import { Decimal } from 'decimal.js';
import { tradeBrlFigures, tradeSides, type TradeSides } from '@arbitra/contracts';
import type { CompletedTrade, TradesRepository } from '@arbitra/db';

/** A two-leg arbitrage trade as a fixture: bought on one exchange, sold on another, fees in the quote. */
export interface FixtureTrade extends TradeSides {
  /** Unique execution key (a second insert of the same key is skipped). */
  key: string;
  executedAt: Date;
  usdtBrl: string;
  /** Fee rate of each leg (0.001 = 0,1 %). */
  feeRate: string;
  mode?: 'live' | 'paper';
}

/**
 * Writes fixture trades with their legs for one user through the trades repository, bypassing the engine (the seed
 * of the demo user's 'Impostos' month, the integration tests and the tax benchmark). Returns how many were written.
 */
export async function insertFixtureTrades(
  repository: TradesRepository,
  userId: string,
  botName: string,
  trades: readonly FixtureTrade[],
): Promise<number> {
  return repository.insertCompleted(userId, botName, trades.map(completedTrade));
}

/** A fixture's figures as the ledger would write them: fees in the quote, the R$ figures by the ledger's rule. */
function completedTrade(t: FixtureTrade): CompletedTrade {
  const cost = new Decimal(t.amount).mul(t.buyPrice);
  const revenue = new Decimal(t.amount).mul(t.sellPrice);
  const buyFee = cost.mul(t.feeRate);
  const sellFee = revenue.mul(t.feeRate);
  const profit = revenue.minus(sellFee).minus(cost).minus(buyFee);
  const quote = t.pair.split('/')[1]!;
  const leg = (side: 'buy' | 'sell', price: string, quoteAmount: Decimal, fee: Decimal) => ({
    kind: 'entry' as const,
    symbol: t.pair,
    side,
    avgPrice: price,
    quoteAmount: quoteAmount.toFixed(),
    fee: fee.toFixed(),
    feeAsset: quote,
  });
  // The R$ figures the ledger writes with every trade (issue 15 §1), by the same rule.
  const brl = tradeBrlFigures({
    pair: t.pair,
    usdtBrl: t.usdtBrl,
    profit: profit.toFixed(),
    amount: t.amount,
    buyPrice: t.buyPrice,
    legs: [leg('buy', t.buyPrice, cost, buyFee), leg('sell', t.sellPrice, revenue, sellFee)],
  });
  const filled = (
    exchange: string,
    side: 'buy' | 'sell',
    price: string,
    quoteAmount: Decimal,
    fee: Decimal,
  ) => ({
    exchange,
    symbol: t.pair,
    side,
    amount: t.amount,
    price,
    quoteAmount: quoteAmount.toFixed(18),
    fee: fee.toFixed(18),
    feeAsset: quote,
  });
  return {
    executionKey: t.key,
    mode: t.mode ?? 'live',
    ...tradeSides(t),
    profit: profit.toFixed(18),
    profitPercent: profit.mul(100).div(cost).toFixed(8),
    usdtBrl: t.usdtBrl,
    executedAt: t.executedAt,
    profitBrl: brl.profitBrl,
    feesBrl: brl.feesBrl,
    volumeBrl: brl.volumeBrl,
    legs: [
      filled(t.buyExchange, 'buy', t.buyPrice, cost, buyFee),
      filled(t.sellExchange, 'sell', t.sellPrice, revenue, sellFee),
    ],
  };
}

/**
 * The demo user's seeded LIVE month (issue 15: 'Impostos' shows figures on a fresh `npm start`): 30 arbitrage
 * trades of the previous São Paulo month between Binance, Mercado Bitcoin and MEXC. Sales ≈ R$ 300 mil (over
 * the exemption: a DARF), MEXC's share over R$ 35 mil (a DeCripto). Fixtures only: keys 'seed:demo:tax:…'.
 */
export function demoTaxMonth(now: Date): FixtureTrade[] {
  const sp = new Date(now.getTime() - 3 * 3600_000); // São Paulo has no DST since 2019: UTC−3
  const year = sp.getUTCMonth() === 0 ? sp.getUTCFullYear() - 1 : sp.getUTCFullYear();
  const month = sp.getUTCMonth() === 0 ? 12 : sp.getUTCMonth(); // previous month, 1-12
  const ym = `${year}-${String(month).padStart(2, '0')}`;
  const routes = [
    ['binance', 'mercadobitcoin'],
    ['mexc', 'binance'],
    ['mercadobitcoin', 'mexc'],
  ] as const;
  return Array.from({ length: 30 }, (_, i) => {
    const [buyExchange, sellExchange] = routes[i % routes.length]!;
    const eth = i % 4 === 3;
    const buy = eth ? new Decimal(3400).plus(i * 7) : new Decimal(95000).plus(i * 150);
    return {
      key: `seed:demo:tax:${ym}:${i + 1}`,
      executedAt: new Date(
        `${ym}-${String(1 + (i % 28)).padStart(2, '0')}T${String(10 + (i % 8)).padStart(2, '0')}:15:00-03:00`,
      ),
      pair: eth ? 'ETH/USDT' : 'BTC/USDT',
      usdtBrl: new Decimal('5.35').plus(new Decimal(i).mul('0.01')).toFixed(2),
      amount: eth ? '0.5' : '0.02',
      buyExchange,
      buyPrice: buy.toFixed(2),
      sellExchange,
      sellPrice: buy.mul('1.006').toFixed(2),
      feeRate: '0.001',
    };
  });
}
