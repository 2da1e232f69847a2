import { Dec as Decimal } from '../market-data/money.js';
import {
  RISK_SIZING,
  opportunityFitsBot,
  type BotMode,
  type BotStrategy,
  type ExchangeId,
  type Opportunity,
  type RiskLevel,
} from '@arbitra/contracts';

/** A running bot as the runner keeps it in memory (no database on the detection path). */
export interface RunningBot {
  id: string;
  userId: string;
  name: string;
  strategy: BotStrategy;
  pairs: ReadonlySet<string>;
  exchanges: ReadonlySet<ExchangeId>;
  riskLevel: RiskLevel;
  /** R$, an exact decimal string (the bot's numeric column). */
  maxInvestment: string;
  minProfitPercent: number;
  /** Set when its minimum applies to the profit after rebalancing: its transfer size, R$ (botRebalanceTransferBrl). */
  rebalanceTransferBrl: string | null;
  mode: BotMode;
  /**
   * Last known balances, keyed 'exchange|asset' (from the ledger, exact decimal strings): USDT caps sizing, and a side
   * that cannot fund the minimum order is skipped (unfundedSide); absent = unknown.
   */
  balances: Map<string, string>;
}

export const balanceKey = (exchange: string, asset: string): string => `${exchange}|${asset}`;

/** What the bot holds of `asset` on `exchange`, as the runner last heard (undefined: unknown). */
export function held(bot: RunningBot, exchange: string, asset: string): string | undefined {
  return bot.balances.get(balanceKey(exchange, asset));
}

/** Does `o` fit the bot? The rule lives in contracts (opportunityFitsBot), shared with the web's home. */
export function matches(bot: RunningBot, o: Opportunity): boolean {
  return opportunityFitsBot(bot, o);
}

/**
 * USDT a trade may engage: riskLevel's share (25/50/100 %) of maxInvestment (R$) at the opportunity's
 * USDT/BRL, capped by the bot's USDT on the buying exchange when known (a USDT-quoted buy). A BRL-quoted trade
 * spends reais: the executor converts this budget back at the same rate and caps it by the BRL it holds.
 * '0' when nothing can be engaged.
 */
export function budgetUsdt(bot: RunningBot, o: Opportunity): string {
  const rate = new Decimal(o.usdtBrl);
  if (rate.lte(0)) return '0';
  let budget = new Decimal(bot.maxInvestment).mul(RISK_SIZING[bot.riskLevel]).div(rate);
  const buyExchange = o.legs.find((l) => l.side === 'buy')?.exchange;
  const buySymbol = o.legs.find((l) => l.side === 'buy')?.symbol ?? '';
  const usdt = buyExchange && !buySymbol.endsWith('/BRL') ? held(bot, buyExchange, 'USDT') : undefined;
  if (usdt !== undefined) budget = Decimal.min(budget, Decimal.max(usdt, 0));
  return budget.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
}

/**
 * The execution key: bot + opportunity id + the exchange time it opened at. No local clock in it, so two engines
 * that see the same opportunity on the same feed give the same key, and the ledger records it once.
 */
export function executionKey(botId: string, o: Pick<Opportunity, 'id' | 'openedAt'>): string {
  return `${botId}:${o.id}:${o.openedAt}`;
}
