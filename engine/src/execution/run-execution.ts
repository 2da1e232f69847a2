import type { ExecutionJob } from '@arbitra/contracts';
import {
  executeCrossExchange,
  tradeHead,
  type ExecutionContext,
  type ExecutionOutcome,
} from './cross-exchange.executor.js';
import type { OrderGateway } from './order-gateway.js';
import { applyStatisticalEffects, statisticalPlan } from './statistical-effects.js';
import type { PendingExecution } from './trade-ledger.js';
import { executeTriangular } from './triangular.executor.js';

/** What one execution needs besides its job: the same for the live executor and the backtest. */
export interface ExecutionEnv {
  bot: ExecutionContext['bot'];
  gateway: OrderGateway;
  amountStep: ExecutionContext['amountStep'];
  minAmount: ExecutionContext['minAmount'];
  minNotional?: ExecutionContext['minNotional'];
  markUsdt?: ExecutionContext['markUsdt'];
  /** The clock the trade is stamped with (the backtest's virtual clock; wall clock by default). */
  now?: () => Date;
  /** The journal entry before the first order (live: the ledger's begin); false: already journaled. */
  journal?: (pending: PendingExecution) => Promise<boolean>;
}

/**
 * One execution job: the strategy's executor (three legs on one exchange for triangular, two legs otherwise)
 * through the gateway, then the statistical position effects on the record. Nothing is written here.
 */
export async function runExecution(data: ExecutionJob, env: ExecutionEnv): Promise<ExecutionOutcome> {
  const o = data.opportunity;
  const execute = o.strategy === 'triangular' ? executeTriangular : executeCrossExchange;
  const statistical = statisticalPlan(o, data.exitOf);
  const journal = env.journal;
  const ctx: ExecutionContext = {
    executionKey: data.executionKey,
    bot: env.bot,
    opportunity: o,
    budgetUsdt: data.budgetUsdt,
    gateway: env.gateway,
    amountStep: env.amountStep,
    minAmount: env.minAmount,
    ...(env.minNotional ? { minNotional: env.minNotional } : {}),
    ...(env.markUsdt ? { markUsdt: env.markUsdt } : {}),
    ...(env.now ? { now: env.now } : {}),
    ...(journal
      ? { begin: (plan, t) => journal({ ...tradeHead(ctx, t), plan: { ...plan, statistical } }) }
      : {}),
  };
  const outcome = await execute(ctx);
  if (outcome.kind === 'executed') applyStatisticalEffects(outcome.record, statistical);
  return outcome;
}
