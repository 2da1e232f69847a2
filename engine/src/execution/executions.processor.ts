import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import { Decimal } from 'decimal.js';
import type { DataSource } from 'typeorm';
import {
  MESSAGES,
  QUEUES,
  type BotMode,
  type BotStrategy,
  type ExchangeId,
  type ExecutionJob,
  type Trade,
} from '@arbitra/contracts';
import type { QueueFactory } from '@arbitra/transport';
import { BotEvents } from '../bots/bot-events.js';
import { BotRunner } from '../bots/bot-runner.service.js';
import { ENGINE_DATA_SOURCE } from '../bots/engine-data-source.js';
import { QUEUE_FACTORY } from '../publishing/fabric.providers.js';
import { ScannerService } from '../scanner/scanner.service.js';
import { executeCrossExchange, type ExecutionOutcome } from './cross-exchange.executor.js';
import type { OrderGateway } from './order-gateway.js';
import { PaperGateway } from './paper-gateway.js';
import { TradeLedger, type ExecutionRecord } from './trade-ledger.js';
import { executeTriangular } from './triangular.executor.js';

/** A job older than this is dropped: its opportunity is gone. */
const MAX_JOB_AGE_MS = 5_000;

/** Builds the live gateway for a user's bot (ccxt with credentials decrypted inside the executor). */
export interface LiveGatewayFactory {
  forBot(userId: string, exchanges: readonly ExchangeId[]): Promise<OrderGateway>;
}
export const LIVE_GATEWAY_FACTORY = Symbol('LIVE_GATEWAY_FACTORY');

interface BotRow {
  id: string;
  user_id: string;
  name: string;
  strategy: BotStrategy;
  mode: BotMode;
  active: boolean;
  status: string;
  exchanges: ExchangeId[];
}

/**
 * The executor: works the 'executions' queue (several processes may run it). One job = one bot and one
 * opportunity: the legs through the order gateway (paper or live), the unwind of a failed leg, then the
 * ledger transaction (idempotent by execution key), then 'trade:new' and 'bot:status' to the owner.
 */
@Injectable()
export class ExecutionsProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ExecutionsProcessor.name);
  private worker?: Worker;
  private readonly ledger: TradeLedger;
  /** One execution at a time per bot in this process (its balances are read, then written). */
  private readonly locks = new Map<string, Promise<unknown>>();
  readonly recorded: string[] = [];

  constructor(
    @Inject(QUEUE_FACTORY) private readonly queues: QueueFactory,
    @Inject(ENGINE_DATA_SOURCE) private readonly ds: DataSource,
    private readonly scanner: ScannerService,
    private readonly runner: BotRunner,
    private readonly events: BotEvents,
    @Optional() @Inject(LIVE_GATEWAY_FACTORY) private readonly live?: LiveGatewayFactory,
  ) {
    this.ledger = new TradeLedger(ds);
  }

  onApplicationBootstrap(): void {
    this.worker = this.queues.worker(QUEUES.executions, (job) => this.process(job as Job<ExecutionJob>), {
      concurrency: 8,
    });
    this.worker.on('error', (e) => this.logger.warn(`executions worker: ${e.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }

  async process(job: Job<ExecutionJob>): Promise<string> {
    const botId = job.data.botId;
    const previous = this.locks.get(botId) ?? Promise.resolve();
    const run = previous.then(
      () => this.execute(job.data),
      () => this.execute(job.data),
    );
    this.locks.set(botId, run);
    try {
      return await run;
    } finally {
      if (this.locks.get(botId) === run) this.locks.delete(botId);
    }
  }

  async execute(data: ExecutionJob): Promise<string> {
    try {
      return await this.executeJob(data);
    } finally {
      // A statistical exit is tried once: whatever happened, the position is no longer open.
      if (data.exitOf) this.runner.positionClosed(data.botId, data.exitOf);
    }
  }

  private async executeJob(data: ExecutionJob): Promise<string> {
    if (Date.now() - data.enqueuedAt > MAX_JOB_AGE_MS) return 'expired';
    const done: unknown[] = await this.ds.query(`SELECT 1 FROM trades WHERE execution_key = $1`, [
      data.executionKey,
    ]);
    if (done.length > 0) return 'duplicate';
    const rows: BotRow[] = await this.ds.query(
      `SELECT id, user_id, name, strategy, mode, active, status, exchanges FROM bots WHERE id = $1 AND user_id = $2`,
      [data.botId, data.userId],
    );
    const bot = rows[0];
    if (!bot || !bot.active || bot.status !== 'running') {
      this.runner.remove(data.botId);
      return 'bot-not-running';
    }
    const gateway = await this.gatewayFor(bot);
    if (!gateway) return 'live-refused';
    const store = this.scanner.scanner.store;
    const execute = data.opportunity.strategy === 'triangular' ? executeTriangular : executeCrossExchange;
    const outcome: ExecutionOutcome = await execute({
      executionKey: data.executionKey,
      bot: { id: bot.id, userId: bot.user_id, name: bot.name, strategy: bot.strategy, mode: bot.mode },
      opportunity: data.opportunity,
      budgetUsdt: data.budgetUsdt,
      gateway,
      amountStep: (ex, s) => store.get(ex as ExchangeId, s)?.spec.amountStep ?? 1e-8,
      minAmount: (ex, s) => store.get(ex as ExchangeId, s)?.spec.minAmount ?? 0,
    });
    if (outcome.kind === 'skipped') return `skipped: ${outcome.reason}`;
    const result = await this.commit(outcome.record);
    const stat = data.opportunity.statistical;
    if (stat && !data.exitOf && result === 'recorded' && outcome.record.status === 'completed') {
      const buy = data.opportunity.legs.find((l) => l.side === 'buy')!;
      const sell = data.opportunity.legs.find((l) => l.side === 'sell')!;
      this.runner.positionOpened({
        botId: bot.id,
        userId: bot.user_id,
        id: data.opportunity.id,
        symbol: buy.symbol,
        buyExchange: buy.exchange,
        sellExchange: sell.exchange,
        amount: outcome.record.amount,
        entrySpreadBps: stat.spreadBps,
        meanBps: stat.meanBps,
        firstSeen: data.opportunity.firstSeen,
      });
    }
    return result;
  }

  private async commit(record: ExecutionRecord): Promise<string> {
    const result = await this.ledger.record(record);
    if (!result.recorded) return 'duplicate';
    this.recorded.push(record.executionKey);
    const usdt: { exchange: string; amount: string }[] = await this.ds.query(
      `SELECT exchange, amount::text FROM bot_balances WHERE bot_id = $1 AND asset = 'USDT'`,
      [record.botId],
    );
    for (const b of usdt) this.runner.setUsdt(record.botId, b.exchange, Number(b.amount));
    if (result.stoppedReason) this.runner.remove(record.botId);
    this.events.trade(record.userId, toTrade(result.tradeId!, record));
    if (result.bot) this.events.status(record.userId, result.bot);
    return result.stoppedReason ? `recorded; bot stopped: ${result.stoppedReason}` : 'recorded';
  }

  /** Paper: the simulated exchange on the bot's virtual balances. Live: the live factory, or refused. */
  private async gatewayFor(bot: BotRow): Promise<OrderGateway | null> {
    if (bot.mode === 'live') {
      let reason: string = MESSAGES.bots.liveCredentialsRequired;
      if (this.live) {
        try {
          return await this.live.forBot(bot.user_id, bot.exchanges);
        } catch (e) {
          // A credential deactivated, removed or not validated since the bot started: stop it, saying which.
          reason = e instanceof Error ? e.message : reason;
        }
      }
      await this.ds.query(
        `UPDATE bots SET active = false, status = 'error', status_reason = $2 WHERE id = $1`,
        [bot.id, reason],
      );
      this.runner.remove(bot.id);
      await this.events.statusFromDb(bot.id, bot.user_id);
      return null;
    }
    const balances: { exchange: string; asset: string; amount: string }[] = await this.ds.query(
      `SELECT exchange, asset, amount::text FROM bot_balances WHERE bot_id = $1`,
      [bot.id],
    );
    const store = this.scanner.scanner.store;
    const fees = this.scanner.scanner.fees;
    return new PaperGateway(
      (ex, symbol) => store.get(ex as ExchangeId, symbol),
      (ex) => fees.taker(ex as ExchangeId),
      balances,
    );
  }
}

const round = (v: string, places: number) =>
  new Decimal(v).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();

function toTrade(id: string, r: ExecutionRecord): Trade {
  return {
    id,
    botId: r.botId,
    botName: r.botName,
    strategy: r.strategy,
    pair: r.pair,
    buyExchange: r.buyExchange,
    sellExchange: r.sellExchange,
    buyPrice: Number(r.buyPrice),
    sellPrice: Number(r.sellPrice),
    amount: Number(r.amount),
    profit: round(r.profit, 2),
    profitPercent: round(r.profitPercent, 4),
    expectedProfit: round(r.expectedProfit, 2),
    expectedProfitPercent: round(r.expectedProfitPercent, 4),
    status: r.status,
    failureReason: r.failureReason,
    mode: r.mode,
    executedAt: r.executedAt.toISOString(),
  };
}
