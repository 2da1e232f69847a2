import { Decimal } from 'decimal.js';
import type { BotStrategy, ExchangeId } from '@arbitra/contracts';

export interface PaperSeed {
  /** [exchange, asset, amount] rows of the virtual balances. */
  balances: [exchange: string, asset: string, amount: string][];
  /** USDT the bot starts with (maxInvestment at the rate). */
  capital: Decimal;
}

/**
 * Paper mode's virtual balances, on the bot's first start (the live runner and the backtest): maxInvestment
 * (R$ → USDT at the current rate) split evenly across its exchanges; on each exchange half stays in USDT and half
 * is held in the base assets of its pairs at the current mid price (a cross-exchange trade sells on one exchange
 * what it buys on the other, so both sides need inventory; no transfers during a trade — DECISIONS §8). A pair
 * without a book yet is held in USDT. Triangular bots hold USDT only (their cycles start and end in USDT).
 */
export function paperSeed(
  bot: {
    strategy: BotStrategy;
    exchanges: readonly ExchangeId[];
    pairs: readonly string[];
    maxInvestment: string;
  },
  usdtBrl: number,
  mid: (exchange: ExchangeId, pair: string) => number,
): PaperSeed {
  const capital = new Decimal(bot.maxInvestment).div(usdtBrl);
  const share = capital.div(bot.exchanges.length);
  const balances: PaperSeed['balances'] = [];
  for (const ex of bot.exchanges) {
    let usdt = bot.strategy === 'triangular' ? share : share.div(2);
    if (bot.strategy !== 'triangular') {
      const perPair = share.div(2).div(bot.pairs.length);
      for (const pair of bot.pairs) {
        const m = mid(ex, pair);
        if (!(m > 0)) {
          usdt = usdt.plus(perPair);
          continue;
        }
        balances.push([
          ex,
          pair.split('/')[0]!,
          perPair.div(String(m)).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
        ]);
      }
    }
    balances.push([ex, 'USDT', usdt.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed()]);
  }
  return { balances, capital };
}
