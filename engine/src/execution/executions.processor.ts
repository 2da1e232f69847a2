import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { BackgroundService } from '../config/background-service.js';
import type { Job, Worker } from 'bullmq';
import {
  MESSAGES,
  QUEUES,
  type ExchangeId,
  type ExecutionJob,
  toTrade,
  tradeBrlFigures,
} from '@arbitra/contracts';
import { BotLocks, BotsRepository, TradesRepository, type ExecutorBotRow } from '@arbitra/db';
import { OutcomeCounter, type QueueFactory } from '@arbitra/transport';
import { LatencyRecorder } from '../arbitrage/latency.js';
import { MAX_JOB_AGE_MS } from './fill-model.js';
import { Notifier } from './notifier.js';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';
import { QUEUE_FACTORY } from '../transport/fabric.providers.js';
import { OwnershipService } from '../ownership/ownership.service.js';
import { stampOfMarket } from '../market-data/market-clock.js';
import { ScannerService } from '../scanner/scanner.service.js';
import { usdtValue } from '../arbitrage/valuation.js';
import { BotEvents } from './bot-events.js';
import type { OrderGateway } from './order-gateway.js';
import { ExecutionObservers } from './execution-observers.js';
import { PaperGateway, PaperOrders, type BookSource } from './paper-gateway.js';
import { RECOVERY_BOT_GONE, recoverExecution } from './recovery.js';
import { runExecution } from './run-execution.js';
import { applyStatisticalEffects } from './statistical-effects.js';
import { TradeLedger, type BalanceRow, type ExecutionRecord, type PendingTrade } from './trade-ledger.js';

/** Builds the live gateway for a user's bot (ccxt with credentials decrypted inside the executor). */
export interface LiveGatewayFactory {
  forBot(userId: string, exchanges: readonly ExchangeId[]): Promise<OrderGateway>;
}
export const LIVE_GATEWAY_FACTORY = Symbol('LIVE_GATEWAY_FACTORY');

/**
 * The executor: works the 'executions' queue (several processes may run it). One job = one bot and one
 * opportunity: the legs through the order gateway (paper or live), the unwind of a failed leg, then the
 * ledger statement (idempotent by execution key), then 'trade:new' (with the bot's status) to the owner.
 *
 * One execution at a time per bot, across processes: every job runs under its bot's lock (`BotLocks`, a Postgres
 * advisory lock on one session per process), from the balance read to the ledger record, so an execution is
 * sized on the balances the previous one left, whichever engine ran it. A job that cannot have the lock within
 * its age budget (MAX_JOB_AGE_MS from its enqueue) is dropped as 'expired', never run unlocked.
 */
@Injectable()
export class ExecutionsProcessor implements BackgroundService {
  private readonly logger = new Logger(ExecutionsProcessor.name);
  private worker?: Worker;
  private readonly ledger: TradeLedger;
  /** This process's paper exchange: its recent orders by client order id. */
  private readonly paperOrders = new PaperOrders();
  private scan?: NodeJS.Timeout;
  /** Executions finished over the last minute, per outcome (the admin's live metrics). */
  readonly outcomes = new OutcomeCounter();
  /**
   * Detection → orders at the exchange, ms (the job's enqueue at detection to the moment its orders leave, after
   * the queue, the bot's lock, the balances and the journal's write, plus paper's simulated round trip), less what a
   * job waited for its bot's previous execution (the backtest holds the bot apart, `hold`): the latency a backtest
   * runs with by default ('Latência de execução').
   */
  readonly latency = new LatencyRecorder();
  /**
   * How long an execution holds its bot, ms: from its lock to its release (balances, journal, orders, the ledger's
   * record) — the bot's next execution, waiting on that lock, places its orders that long after this one's.
   */
  readonly hold = new LatencyRecorder();
  /** When each bot's last execution here released its lock, in this process's time (a job enqueued before that waited for it). */
  private readonly released = new Map<string, number>();

  constructor(
    @Inject(QUEUE_FACTORY) private readonly queues: QueueFactory,
    private readonly trades: TradesRepository,
    private readonly bots: BotsRepository,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly scanner: ScannerService,
    private readonly observers: ExecutionObservers,
    private readonly events: BotEvents,
    private readonly notifier: Notifier,
    private readonly ownership: OwnershipService,
    private readonly botLocks: BotLocks,
    @Optional() @Inject(LIVE_GATEWAY_FACTORY) private readonly live?: LiveGatewayFactory,
  ) {
    this.ledger = new TradeLedger(trades);
  }

  onApplicationBootstrap(): void {
    this.worker = this.queues.worker(QUEUES.executions, (job) => this.process(job), {
      concurrency: 8,
    });
    this.worker.on('error', (e) => this.logger.warn(`executions worker: ${e.message}`));
    const sweep = () =>
      void this.recoverStale().catch((e: Error) => this.logger.warn(`recuperação: ${e.message}`));
    this.scan = setInterval(sweep, this.config.EXECUTION_RECOVERY_SWEEP_MS);
    this.scan.unref();
    sweep();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.scan) clearInterval(this.scan);
    await this.worker?.close();
  }

  /** Pending trades older than EXECUTION_RECOVERY_AFTER_MS: their executor died; recover them. */
  async recoverStale(): Promise<number> {
    const stale = await this.ledger.pending({ olderThanMs: this.config.EXECUTION_RECOVERY_AFTER_MS });
    let n = 0;
    for (const p of stale) if ((await this.recover(p)) === 'recovered') n++;
    return n;
  }

  async process(job: Job<ExecutionJob>): Promise<string> {
    try {
      const result = await this.execute(job.data);
      // A recorded trade counts by its status (commit); the rest by the reason ('duplicate', 'expired', 'skipped', …).
      if (!result.startsWith('recorded')) this.outcomes.add(result.split(/[:;]/)[0]!);
      return result;
    } catch (e) {
      this.outcomes.add('error');
      throw e;
    }
  }

  /** One job under its bot's lock (waited for until the job's age budget runs out: then 'expired'). */
  async execute(data: ExecutionJob): Promise<string> {
    const market = this.scanner.marketClock;
    const picked = { local: Date.now(), market: market.now() };
    // behind its bot's execution running here: the market runs on to that one's orders while this one waits
    if (this.enter(data.botId, data.executionKey)) market.release(data.executionKey);
    try {
      const run = await this.botLocks.run(data.botId, data.enqueuedAt + MAX_JOB_AGE_MS, async () => {
        this.front(data.botId, data.executionKey);
        const clock = this.jobClock(data, picked);
        try {
          return await this.executeJob(data, clock);
        } finally {
          this.released.set(data.botId, Date.now());
        }
      });
      return run.locked ? run.value : 'expired';
    } finally {
      this.leave(data.botId, data.executionKey);
      // An exit that did not close its position (skipped, failed, partly filled) leaves it to the next signal.
      const exitOf = data.exitOf;
      if (exitOf) this.observers.notify((o) => o.exitSettled(data.botId, exitOf));
    }
  }

  /**
   * The jobs of each bot taken here, in order. A paced replay's market (MarketClock.hold) stands still for the first:
   * from its detection (the runner holds it) through its work, but while its paper orders travel; the others wait
   * for the bot's lock on a market that runs.
   */
  private readonly here = new Map<string, string[]>();

  /** Takes a job in: true when another job of its bot is ahead of it here. */
  private enter(botId: string, key: string): boolean {
    const list = this.here.get(botId) ?? [];
    this.here.set(botId, list);
    list.push(key);
    return list.length > 1;
  }

  /** The job has its bot's lock: the market stands still for it, not for the others still waiting. */
  private front(botId: string, key: string): void {
    const market = this.scanner.marketClock;
    market.hold(key);
    for (const k of this.here.get(botId) ?? []) if (k !== key) market.release(k);
  }

  /** The job is done: the market stands still for the next of its bot (taking the lock) instead. */
  private leave(botId: string, key: string): void {
    const market = this.scanner.marketClock;
    const list = (this.here.get(botId) ?? []).filter((k) => k !== key);
    if (list.length > 0) {
      this.here.set(botId, list);
      market.hold(list[0]!);
    } else this.here.delete(botId);
    market.release(key);
  }

  /**
   * A job's market time (MarketClock): its detection is the market time of its enqueue; it waited for its bot's
   * previous execution from being taken from the queue to its lock, in market time. A paced replay's market stands
   * still while the job works (but while its paper orders travel): a loaded machine's 300 ms are no market time,
   * and its orders meet the books of exactly their market moment. Live and simulated markets: this process's time.
   */
  private jobClock(data: ExecutionJob, picked: { local: number; market: number }): JobClock {
    const market = this.scanner.marketClock;
    const detected = data.detectedAt ?? market.toMarket(data.enqueuedAt);
    const previous = this.released.get(data.botId);
    const waitedMs = previous !== undefined && previous > data.enqueuedAt ? market.now() - picked.market : 0;
    return { key: data.executionKey, detected, waitedMs };
  }

  /**
   * Paper orders sent now meet the books of their market time `latencyMs` later: once the market is there (a paced
   * replay's stands there for them), the books this process had then (BookStore.asOf: a market fast-forwarded on a
   * shared epoch has already replaced them).
   */
  private paperArrival(clock: JobClock): (latencyMs: number) => Promise<BookSource> {
    const store = this.scanner.scanner.store;
    const market = this.scanner.marketClock;
    return async (latencyMs) => {
      const at = market.now() + latencyMs;
      await market.until(at, clock.key);
      const stamp = stampOfMarket(market, at);
      return (ex, symbol) => store.asOf(ex as ExchangeId, symbol, stamp);
    };
  }

  private async executeJob(data: ExecutionJob, clock: JobClock): Promise<string> {
    const market = this.scanner.marketClock;
    const lockedAt = market.now();
    // One round trip: the journal's word on this execution, the bot, and its balances (paper); beside it, the fence.
    const [row, fenced] = await Promise.all([
      this.trades.executionStart(data.botId, data.userId, data.executionKey),
      this.fenced(data),
    ]);
    const journaled = row ? row.journal : await this.ledger.status(data.executionKey);
    if (journaled === 'pending') {
      // A job delivered again: never place its orders twice. Its first run may still be placing them (a queue can
      // deliver a job twice under load), so only a pending trade older than EXECUTION_RECOVERY_AFTER_MS is taken
      // for a dead executor's and recovered; a younger one is left to its run, or to the sweep.
      const [p] = await this.ledger.pending({
        executionKey: data.executionKey,
        olderThanMs: this.config.EXECUTION_RECOVERY_AFTER_MS,
      });
      return p ? this.recoverLocked(p) : 'in-flight';
    }
    if (journaled) return 'duplicate';
    // too old in its market's time (the backtest's rule); a replay's market on a shared epoch runs `speed`× whatever
    // the job does, so there its age is counted at this process's pace
    const age = (market.now() - clock.detected) / (market.books === 'market' ? 1 : market.speed);
    if (age > MAX_JOB_AGE_MS) return 'expired';
    if (fenced) {
      this.logger.warn(
        `execução ${data.executionKey} recusada: o engine que a enfileirou já não é dono do robô`,
      );
      return 'stale-lease';
    }
    if (!row || !row.active || row.status !== 'running') {
      this.observers.notify((o) => o.botNotRunning(data.botId));
      return 'bot-not-running';
    }
    const bot: ExecutorBotRow = row;
    const gateway = await this.gatewayFor(bot, { balances: row.balances, arrival: this.paperArrival(clock) });
    if (!gateway) return 'live-refused';
    let orderedAt: number | null = null;
    const outcome = await runExecution(data, {
      bot: { id: bot.id, userId: bot.user_id, name: bot.name, strategy: bot.strategy, mode: bot.mode },
      gateway,
      ...this.markets(),
      // stamped in market time (a live market's: now)
      now: () => new Date(market.now()),
      journal: async (pending) => {
        const fresh = await this.ledger.begin(pending);
        // the orders leave now, after the journal's write: detection → here is the latency they live (market time)
        orderedAt = market.now();
        // its own delay: not its wait for the bot's previous execution (the backtest holds the bot apart: `hold`)
        if (fresh)
          this.latency.record(
            orderedAt -
              clock.detected -
              clock.waitedMs +
              (bot.mode === 'paper' ? this.config.PAPER_ORDER_LATENCY_MS : 0),
          );
        return fresh;
      },
    });
    if (outcome.kind === 'skipped') return `skipped: ${outcome.reason}`;
    try {
      return await this.commit(outcome.record);
    } finally {
      // the bot's next execution, waiting for this lock, places its orders this long after these (its own
      // balances and journal after the lock taking about what these took)
      if (orderedAt !== null) this.hold.record(market.now() - lockedAt);
    }
  }

  /**
   * Fencing: a job carries the lease token of the engine that matched it; once that lease is gone or taken by
   * another engine (a handover, a paused or partitioned owner), the job is refused before any order is placed.
   * A job without a token (recovery, tests of the executor alone) is not fenced. A store that cannot answer does
   * not block trading: the ledger's execution key still refuses a second execution.
   */
  private async fenced(data: ExecutionJob): Promise<boolean> {
    if (!data.leaseToken) return false;
    try {
      return !(await this.ownership.isCurrent(data.botId, data.leaseToken));
    } catch (e) {
      this.logger.warn(`verificação de lease indisponível: ${(e as Error).message}`);
      return false;
    }
  }

  /**
   * Book specs the executors round to and check, and the marks of assets a trade's legs do not price (the
   * market's USDT value now, valuation.ts).
   */
  private markets() {
    const store = this.scanner.scanner.store;
    return {
      amountStep: (ex: string, s: string) => store.get(ex as ExchangeId, s)?.spec.amountStep ?? 1e-8,
      minAmount: (ex: string, s: string) => store.get(ex as ExchangeId, s)?.spec.minAmount ?? 0,
      minNotional: (ex: string, s: string) => store.get(ex as ExchangeId, s)?.spec.minNotional ?? 0,
      markUsdt: (ex: string, asset: string) => {
        const v = usdtValue(store, ex as ExchangeId, asset, this.scanner.scanner.clock.now());
        return v === null ? null : String(v);
      },
    };
  }

  /**
   * Recovers one pending trade (its executor died mid-job) under its bot's lock, as an execution: it reads the
   * balances (live: the exchange) and records the trade. Not had within MAX_JOB_AGE_MS (another engine is running
   * the bot's executions): 'recovery-deferred', the next sweep tries again.
   */
  async recover(p: PendingTrade): Promise<string> {
    if (!p.botId) return this.recoverLocked(p); // the bot is gone: nothing of it runs any more
    const run = await this.botLocks.run(p.botId, Date.now() + MAX_JOB_AGE_MS, () => this.recoverLocked(p));
    return run.locked ? run.value : 'recovery-deferred';
  }

  /**
   * Recovers one pending trade, its bot's lock held by the caller: under the execution key's advisory lock too, so
   * two engines never recover the same one; the orders are found by client order id, what they left open is
   * unwound, and the trade is recorded through the ledger (which records it once).
   */
  private async recoverLocked(p: PendingTrade): Promise<string> {
    const outcome = await this.trades.withRecoveryLock(p.executionKey, async () => {
      if ((await this.ledger.status(p.executionKey)) !== 'pending') return 'duplicate';
      const bot = p.botId ? await this.bots.forExecutor(p.botId) : undefined;
      if (!bot) {
        await this.ledger.fail(p.executionKey, RECOVERY_BOT_GONE);
        return 'recovered';
      }
      const gateway = await this.gatewayFor(bot, { stopIfRefused: false });
      if (!gateway) return 'recovery-deferred'; // live keys unavailable now: the next scan tries again
      const record = await recoverExecution(p, gateway, this.markets());
      applyStatisticalEffects(record, p.plan.statistical);
      const result = await this.commit(record);
      this.logger.warn(
        `execução ${p.executionKey} recuperada: ${record.status} (${record.failureReason ?? 'ok'})`,
      );
      return result === 'duplicate' ? result : 'recovered';
    });
    return outcome ?? 'recovering-elsewhere';
  }

  private async commit(record: ExecutionRecord): Promise<string> {
    const result = await this.ledger.record(record);
    if (!result.recorded) return 'duplicate';
    this.outcomes.add(record.status);
    for (const b of result.balances ?? [])
      this.observers.notify((o) => o.balanceChanged(record.botId, b.exchange, b.asset, b.amount));
    this.observers.notify((o) => o.tradeRecorded(record));
    if (result.stoppedReason) this.observers.notify((o) => o.botStopped(record.botId));
    this.notifier.afterRecord(record, result);
    this.events.trade(
      record.userId,
      toTrade({ ...record, ...(result.brl ?? tradeBrlFigures(record)), id: result.tradeId! }),
      result.bot,
    );
    return result.stoppedReason ? `recorded; bot stopped: ${result.stoppedReason}` : 'recorded';
  }

  /** Paper: the simulated exchange on the bot's virtual balances. Live: the live factory, or refused. */
  private async gatewayFor(
    bot: ExecutorBotRow,
    {
      stopIfRefused = true,
      balances,
      arrival,
    }: {
      stopIfRefused?: boolean;
      balances?: BalanceRow[];
      arrival?: (latencyMs: number) => Promise<BookSource>;
    } = {},
  ): Promise<OrderGateway | null> {
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
      if (!stopIfRefused) return null;
      await this.bots.stopWithError(bot.id, reason);
      this.observers.notify((o) => o.botStopped(bot.id));
      this.notifier.botStopped(
        bot.user_id,
        bot.id,
        bot.name,
        'credentials',
        reason,
        `credentials:${Date.now()}`,
      );
      await this.events.statusFromDb(bot.id, bot.user_id);
      return null;
    }
    return this.paperGateway(balances ?? (await this.bots.balanceRows(bot.id)), arrival);
  }

  private paperGateway(
    balances: BalanceRow[],
    arrival?: (latencyMs: number) => Promise<BookSource>,
  ): PaperGateway {
    const store = this.scanner.scanner.store;
    const fees = this.scanner.scanner.fees;
    return new PaperGateway(
      (ex, symbol) => store.get(ex as ExchangeId, symbol),
      (ex) => fees.taker(ex as ExchangeId),
      balances,
      this.paperOrders,
      this.config.PAPER_ORDER_LATENCY_MS,
      arrival,
    );
  }
}

/** An execution in market time (MarketClock): its hold's key, its detection, its wait for its bot's previous one. */
interface JobClock {
  readonly key: string;
  readonly detected: number;
  /** How long it waited for its bot's previous execution (taken from the queue → its lock), market ms. */
  readonly waitedMs: number;
}
