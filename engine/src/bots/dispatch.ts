import {
  unfundedSide,
  type ExchangeId,
  type ExecutionJob,
  type InventoryPause,
  type Opportunity,
} from '@arbitra/contracts';
import type { BookSource } from '../execution/paper-gateway.js';
import { budgetUsdt, executionKey, held, matches, type RunningBot } from './bot-matcher.js';
import { exitOpportunity, type StatisticalPositions, type StatPosition } from './statistical-positions.js';

/** The side of an opportunity a bot cannot fund (unfundedSide), as entryJobs reports a skip. */
export type UnfundedSide = Omit<InventoryPause, 'skipped' | 'since'>;

/** Keys already queued are forgotten past this many (the ledger's unique key still refuses a repeat). */
const QUEUED_MEMORY = 50_000;

/**
 * The execution jobs an added/updated opportunity starts, one per matching bot (the bot runner and the backtest
 * both call this): same strategy and markets, net % ≥ minProfitPercent, one statistical position per opportunity,
 * never twice the same bot + opportunity (`queued`), sized by riskLevel × maxInvestment capped by the USDT held.
 * `owns`: whether this engine runs the bot (asked only of the bots that match: a 1,000-bot walk asks it once or
 * twice instead of a thousand times). A direction one of whose sides cannot fund the bot's minimum order with the
 * balances held in memory (unfundedSide: the quote on the buy exchange, the base on the sell one) is skipped, and
 * `unfunded` told which side (issue 29: no order that would fail for want of funds).
 */
export function entryJobs(
  candidates: readonly RunningBot[] | undefined,
  o: Opportunity,
  positions: StatisticalPositions,
  queued: Set<string>,
  nowMs: number,
  owns: (botId: string) => boolean = () => true,
  unfunded?: (bot: RunningBot, side: UnfundedSide) => void,
  /** The market's minimum order (notional, in its quote), from the book store's specs; 0 = unknown. */
  marketMinimum?: (exchange: string, symbol: string) => number,
): ExecutionJob[] {
  const jobs: ExecutionJob[] = [];
  if (!candidates) return jobs;
  for (const bot of candidates) {
    if (!matches(bot, o) || !owns(bot.id)) continue;
    if (o.strategy === 'statistical' && positions.get(bot.id, o.id)) continue; // one position per opportunity
    const key = executionKey(bot.id, o);
    // before the queued check: an opportunity already taken whose side has since run dry still says so
    const lacking = unfundedSide(o, (ex, asset) => held(bot, ex, asset), undefined, marketMinimum);
    if (lacking) {
      unfunded?.(bot, lacking);
      continue;
    }
    if (queued.has(key)) continue;
    const budget = budgetUsdt(bot, o);
    if (budget === '0') continue;
    if (queued.size > QUEUED_MEMORY) queued.clear();
    queued.add(key);
    jobs.push({
      botId: bot.id,
      userId: bot.userId,
      executionKey: key,
      opportunity: o,
      budgetUsdt: budget,
      enqueuedAt: nowMs,
    });
  }
  return jobs;
}

/**
 * The exit job of a statistical position (reverse legs, the entry's amount, at the current books), or null
 * without books. One key per attempt: an exit that failed is tried again on the next signal or stop. The exit is
 * limited by the bot's balances only (it closes what the entry opened).
 */
export function exitJob(
  pos: StatPosition,
  books: BookSource,
  fee: (exchange: ExchangeId) => number | string,
  usdtBrl: string,
  nowMs: number,
): ExecutionJob | null {
  const o = exitOpportunity(pos, books, fee, usdtBrl, nowMs);
  if (!o) return null;
  return {
    botId: pos.botId,
    userId: pos.userId,
    executionKey: `${executionKey(pos.botId, o)}@${nowMs}`,
    opportunity: o,
    budgetUsdt: '1000000000',
    enqueuedAt: nowMs,
    exitOf: pos.id,
  };
}
