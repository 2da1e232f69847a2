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
 * (R$ → USDT at the current rate) split evenly across its exchanges; on each exchange half stays in cash and half
 * is held in the base assets of its pairs at the current mid price (a cross-exchange trade sells on one exchange
 * what it buys on the other, so both sides need inventory; no transfers during a trade — DECISIONS §8). The cash
 * of a USDT pair is USDT; of a BRL pair (issue 15), reais (R$ at the same rate). A pair without a book yet is
 * held in cash. Triangular bots hold USDT only (their cycles start and end in USDT).
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
    const held = new Map<string, Decimal>();
    const add = (asset: string, amount: Decimal) =>
      held.set(asset, (held.get(asset) ?? new Decimal(0)).plus(amount));
    if (bot.strategy === 'triangular') add('USDT', share);
    else {
      const perPair = share.div(2).div(bot.pairs.length); // USDT
      for (const pair of bot.pairs) {
        const [base, quote] = pair.split('/') as [string, string];
        const toQuote = quote === 'BRL' ? new Decimal(usdtBrl) : new Decimal(1);
        const cash = perPair.mul(toQuote); // this pair's cash, in its quote
        add(quote, cash);
        const m = mid(ex, pair);
        if (m > 0) add(base, cash.div(String(m)));
        else add(quote, cash);
      }
    }
    if (!held.has('USDT')) held.set('USDT', new Decimal(0));
    for (const [asset, amount] of held)
      if (asset !== 'USDT')
        balances.push([ex, asset, amount.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed()]);
    balances.push([ex, 'USDT', held.get('USDT')!.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed()]);
  }
  return { balances, capital };
}
