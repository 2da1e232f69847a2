import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { BackgroundService } from '../config/background-service.js';
import type { Job, Worker } from 'bullmq';
import {
  EVENTS,
  botRebalanceTransferBrl,
  QUEUES,
  executionJobId,
  type BotCommandJob,
  type BotStrategy,
  type ExchangeId,
  type ExecutionJob,
  type Opportunity,
} from '@arbitra/contracts';
import type { ExecutionRecord } from '@arbitra/contracts';
import { BotsRepository, type RunnerBotRow } from '@arbitra/db';
import { BrowserEvents, type QueueFactory, type TypedQueue } from '@arbitra/transport';
import { QUEUE_FACTORY } from '../transport/fabric.providers.js';
import { ScannerService } from '../scanner/scanner.service.js';
import { OwnershipService } from '../ownership/ownership.service.js';
import { BotEvents } from '../execution/bot-events.js';
import { ExecutionObservers, type ExecutionObserver } from '../execution/execution-observers.js';
import { Notifier } from '../execution/notifier.js';
import { balanceKey, type RunningBot } from './bot-matcher.js';
import { entryJobs, exitJob, type UnfundedSide } from './dispatch.js';
import { InventoryPauses } from './inventory-pauses.js';
import { paperSeed } from './paper-seed.js';
import { StatisticalPositions, type StatPosition } from './statistical-positions.js';
import type { StatisticalSignal } from '../arbitrage/types.js';

/** How often the paused directions that changed are written to their bots' rows (off the detection path). */
const PAUSES_FLUSH_MS = 2_000;

/** Strategies the executor runs (arbitrage and statistical: two legs; triangular: three legs on one exchange). */
const EXECUTABLE: ReadonlySet<BotStrategy> = new Set(['arbitrage', 'statistical', 'triangular']);

/**
 * The bot runner: keeps the running bots in memory (loaded at start, changed by bot commands from the api),
 * matches every added/updated opportunity to them synchronously (no I/O), sizes it, and enqueues one execution
 * per bot and opportunity, all the matches of one opportunity in one add (jobId from bot + opportunity id +
 * openedAt, the exchange time it opened at: the same opportunity never runs twice for a bot). Paper bots get
 * virtual balances seeded on their first start.
 */
@Injectable()
export class BotRunner implements OnModuleInit, BackgroundService {
  private readonly logger = new Logger(BotRunner.name);
  private readonly bots = new Map<string, RunningBot>();
  private byStrategy = new Map<BotStrategy, RunningBot[]>();
  private readonly queued = new Set<string>();
  private executions!: TypedQueue<typeof QUEUES.executions>;
  private worker?: Worker;
  private detach?: () => void;
  private detachSignals?: () => void;
  private detachExecutor?: () => void;
  private readonly executorObserver: ExecutionObserver = {
    botNotRunning: (botId) => this.remove(botId),
    botStopped: (botId) => this.stopped(botId),
    balanceChanged: (botId, exchange, asset, amount) => this.setBalance(botId, exchange, asset, amount),
    tradeRecorded: (record) => this.positionsChanged(record),
    exitSettled: (botId, id) => this.exitSettled(botId, id),
  };
  /** Open statistical positions (entry recorded, exit not yet). */
  readonly positions = new StatisticalPositions();
  /** Directions each bot skips for want of funds (issue 29), written to the bots' rows on a timer. */
  readonly pauses = new InventoryPauses();
  private pausesTimer?: NodeJS.Timeout;
  /** Counters for tests and metrics (`unfunded`: opportunities skipped for a side the bot cannot fund). */
  readonly stats = { matched: 0, enqueued: 0, commands: 0, exits: 0, unfunded: 0 };

  constructor(
    private readonly scanner: ScannerService,
    @Inject(QUEUE_FACTORY) private readonly queues: QueueFactory,
    private readonly db: BotsRepository,
    private readonly events: BotEvents,
    private readonly fabric: BrowserEvents,
    private readonly ownership: OwnershipService,
    private readonly executor: ExecutionObservers,
    private readonly notifier: Notifier,
  ) {}

  onModuleInit(): void {
    // What the executor reports about the bots it runs (before any worker starts).
    this.detachExecutor = this.executor.add(this.executorObserver);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.executions = this.queues.queue(QUEUES.executions);
    this.detach = this.scanner.scanner.registry.on({
      added: (o) => this.onOpportunity(o),
      updated: (o) => this.onOpportunity(o),
    });
    this.detachSignals = this.scanner.scanner.statistical?.onSignal((sig) => this.onSignal(sig));
    this.worker = this.queues.worker(QUEUES.botCommands, (job) => this.apply(job), {
      concurrency: 4,
    });
    this.worker.on('error', (e) => this.logger.warn(`bot-commands worker: ${e.message}`));
    // A command runs on one engine; the others hear of it here and reload the bot.
    this.fabric.onFabricEvent(EVENTS.botSync, ({ botId, positions }) => {
      this.reload(botId, positions === true).catch((e: Error) =>
        this.logger.warn(`bot ${botId} não recarregado: ${e.message}`),
      );
    });
    this.pausesTimer = setInterval(() => void this.flushPauses(), PAUSES_FLUSH_MS);
    this.pausesTimer.unref();
    const rows = await this.db.running();
    for (const row of rows) await this.startBot(row);
    this.logger.log(`${rows.length} bots em execução carregados`);
    // Every engine knows every running bot; each matches only the ones it owns (leases, OwnershipService).
    this.ownership.track({
      candidates: () => this.bots.keys(),
      gained: (ids) => {
        // Another engine owned them until now: its positions and balances are in the database, not here.
        for (const id of ids)
          this.reload(id, true).catch((e: Error) =>
            this.logger.warn(`bot ${id} não recarregado: ${e.message}`),
          );
      },
      lost: () => undefined, // owns() is false from now on: the next match skips them
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.detach?.();
    this.detachSignals?.();
    this.detachExecutor?.();
    if (this.pausesTimer) clearInterval(this.pausesTimer);
    await this.worker?.close();
    await this.flushPauses();
  }

  /**
   * Writes the paused directions that changed to their bots' rows (the api shows them on the bot): those of the bots
   * this engine owns, or that left the runner; a failed write is tried again on the next tick.
   */
  async flushPauses(): Promise<void> {
    const changed = this.pauses.drain();
    for (const id of changed.keys()) if (this.bots.has(id) && !this.owns(id)) changed.delete(id);
    try {
      await this.db.setInventoryPauses(changed);
    } catch (e) {
      for (const id of changed.keys()) this.pauses.touch(id);
      this.logger.warn(`direções pausadas não gravadas: ${(e as Error).message}`);
    }
  }

  /** A side the bot cannot fund: counted, and told once per pause (a notification; the row on the next flush). */
  private unfunded(bot: RunningBot, side: UnfundedSide): void {
    this.stats.unfunded++;
    const now = Date.now();
    if (!this.pauses.skip(bot.id, side, now)) return;
    this.logger.log(`bot ${bot.id}: ${side.reason}`);
    this.notifier.inventoryPaused(bot.userId, bot.id, bot.name, side.reason, new Date(now).toISOString());
  }

  running(): readonly RunningBot[] {
    return [...this.bots.values()];
  }

  get(botId: string): RunningBot | undefined {
    return this.bots.get(botId);
  }

  /** A bot command: reload the row and run or drop the bot accordingly (idempotent), here and on every engine. */
  async apply(job: Job<BotCommandJob>): Promise<void> {
    this.stats.commands++;
    const { botId, userId } = job.data;
    if (await this.reload(botId)) await this.events.statusFromDb(botId, userId);
    this.fabric.toEngines(EVENTS.botSync, { botId });
  }

  /**
   * Runs or drops a bot as its row says. false: the bot no longer exists. `settled`: the bot's statistical
   * positions changed elsewhere and no exit of this engine's is in flight for them any more.
   */
  async reload(botId: string, settled = false): Promise<boolean> {
    const row = await this.db.forRunner(botId);
    const isNew = !this.bots.has(botId);
    if (row && row.active && row.status === 'running') await this.startBot(row, settled);
    else this.remove(botId);
    if (isNew && this.bots.has(botId)) void this.ownership.tick(); // a new bot gets its owner at once
    return row !== undefined;
  }

  /** Does this engine match and enqueue for the bot? (Its lease, in memory.) */
  owns(botId: string): boolean {
    return this.ownership.owns(botId);
  }

  /** Drops a bot from the runner (stopped, deleted, or stopped by the executor's risk checks). */
  remove(botId: string): void {
    this.positions.dropBot(botId);
    if (this.bots.has(botId)) this.pauses.reset(botId);
    if (this.bots.delete(botId)) this.reindex();
  }

  /** The executor stopped a bot (risk stop, credentials refused): drop it here and on every engine. */
  stopped(botId: string): void {
    this.remove(botId);
    this.fabric.toEngines(EVENTS.botSync, { botId });
  }

  /** The ledger recorded a trade: the positions it opened, closed or reduced (as stat_positions now holds them). */
  positionsChanged(r: ExecutionRecord): void {
    if (!this.ownership.owns(r.botId)) {
      // Executed here, owned elsewhere: the owner reloads the positions the ledger just wrote.
      if (r.openPosition || r.closesPosition || r.reducesPosition)
        this.fabric.toEngines(EVENTS.botSync, { botId: r.botId, positions: true });
      return;
    }
    this.positions.apply(r, this.bots.has(r.botId));
  }

  /** An exit job ended: a position it did not close is open again to the next exit signal or stop. */
  exitSettled(botId: string, id: string): void {
    const pos = this.positions.get(botId, id);
    if (pos) pos.closing = false;
    if (!this.ownership.owns(botId)) this.fabric.toEngines(EVENTS.botSync, { botId, positions: true });
  }

  /** The detector's exit signal (|z| back near the mean): close the positions opened on that opportunity. */
  onSignal(sig: StatisticalSignal): void {
    if (sig.kind !== 'exit') return;
    for (const pos of this.positions.exiting(sig.id))
      if (this.ownership.owns(pos.botId)) this.closePosition(pos);
  }

  /** Queues the exit trade of a position (reverse legs, the entry's amount, at the current books). */
  closePosition(pos: StatPosition): void {
    const scanner = this.scanner.scanner;
    if (!this.ownership.owns(pos.botId)) return; // its owner closes it
    const job = exitJob(
      pos,
      (ex, symbol) => scanner.store.get(ex as ExchangeId, symbol),
      (ex) => scanner.fees.taker(ex),
      String(scanner.rate.current().rate),
      Date.now(),
    );
    if (!job) return; // no books now: the next exit signal or stop tries again
    pos.closing = true;
    this.stats.exits++;
    this.holdMarket([job]);
    this.send([job], (e) => {
      pos.closing = false;
      this.logger.warn(`saída não enfileirada (${job.executionKey}): ${e.message}`);
    });
  }

  /** Jobs found and not yet sent to the queue, in the order found, with what to do if their add fails. */
  private outbox: { jobs: readonly ExecutionJob[]; failed: (e: Error) => void }[] = [];
  private sending = false;

  /**
   * Queues executions in the order they were found: what this turn finds leaves in one round trip at its end, and
   * what is found while a round trip is out leaves in the next. Adds sent side by side came back in any order, and
   * the executor took one moment's jobs of a bot in that order, not the order the scanner found them (a backtest
   * over the recording takes them as found). The market is held for each (holdMarket) until the executor has it.
   */
  private send(jobs: readonly ExecutionJob[], failed: (e: Error) => void): void {
    this.outbox.push({ jobs, failed });
    if (this.sending) return;
    this.sending = true;
    queueMicrotask(() => void this.flush());
  }

  private async flush(): Promise<void> {
    while (this.outbox.length > 0) {
      const batch = this.outbox;
      this.outbox = [];
      const entries = batch
        .flatMap(({ jobs }) => jobs)
        .map((job) => ({
          name: 'execute' as const,
          data: job,
          opts: { jobId: executionJobId(job.executionKey), attempts: 2 },
        }));
      try {
        await (entries.length === 1
          ? this.executions.add(entries[0]!.name, entries[0]!.data, entries[0]!.opts)
          : this.executions.addBulk(entries));
        this.stats.enqueued += entries.length;
      } catch (e) {
        for (const { jobs, failed } of batch) {
          for (const job of jobs) this.scanner.marketClock.release(job.executionKey);
          failed(e instanceof Error ? e : new Error(String(e)));
        }
      }
    }
    this.sending = false;
  }

  /** Updates what the runner believes a bot holds (after each recorded trade); a pause on that balance ends. */
  setBalance(botId: string, exchange: string, asset: string, amount: string): void {
    const bot = this.bots.get(botId);
    if (!bot) return;
    bot.balances.set(balanceKey(exchange, asset), amount);
    this.pauses.funded(botId, exchange, asset);
  }

  private async startBot(row: RunnerBotRow, settled = false): Promise<void> {
    if (row.mode === 'paper') await this.seedBalances(row);
    const balances = await this.db.balanceRows(row.id);
    this.bots.set(row.id, {
      id: row.id,
      userId: row.user_id,
      name: row.name,
      strategy: row.strategy,
      pairs: new Set(row.pairs),
      exchanges: new Set(row.exchanges),
      riskLevel: row.risk_level,
      maxInvestment: row.max_investment,
      minProfitPercent: Number(row.min_profit_percent),
      rebalanceTransferBrl: botRebalanceTransferBrl({
        minProfitAfterRebalance: row.min_profit_after_rebalance,
        maxInvestment: row.max_investment,
        exchanges: row.exchanges,
      }),
      mode: row.mode,
      balances: new Map(balances.map((b) => [balanceKey(b.exchange, b.asset), b.amount])),
    });
    this.pauses.reset(row.id); // judged afresh on the balances just read
    this.reindex();
    if (row.strategy === 'statistical') await this.loadPositions(row.id, settled);
  }

  /**
   * The bot's open statistical positions, as the ledger keeps them (a restart, a stop or a change of owner does
   * not lose them): the rows replace what memory holds; `settled` also clears the 'exit in flight' marks.
   */
  private async loadPositions(botId: string, settled = false): Promise<void> {
    const rows = await this.db.positions(botId);
    const open = new Set(rows.map((r) => r.opportunityId));
    for (const pos of this.positions.ofBot(botId)) if (!open.has(pos.id)) this.positions.close(botId, pos.id);
    for (const r of rows) {
      const held = this.positions.get(botId, r.opportunityId);
      if (held) {
        held.amount = r.amount; // maybe reduced elsewhere
        if (settled) held.closing = false;
        continue;
      }
      this.positions.open({
        botId,
        userId: r.userId,
        id: r.opportunityId,
        symbol: r.symbol,
        buyExchange: r.buyExchange,
        sellExchange: r.sellExchange,
        amount: r.amount,
        entrySpreadBps: r.entrySpreadBps,
        meanBps: r.meanBps,
        firstSeen: r.firstSeen,
      });
    }
  }

  /** Paper mode's virtual balances on the bot's first start (paperSeed), written once. */
  async seedBalances(row: RunnerBotRow): Promise<void> {
    if (await this.db.hasBalances(row.id)) return;
    const store = this.scanner.scanner.store;
    const { balances, capital } = paperSeed(
      { ...row, maxInvestment: row.max_investment },
      this.scanner.scanner.rate.current().rate,
      (ex, pair) => store.get(ex, pair)?.mid ?? NaN,
    );
    await this.db.seedBalances(row.id, balances, capital.toDecimalPlaces(8).toFixed());
  }

  private reindex(): void {
    const next = new Map<BotStrategy, RunningBot[]>();
    for (const b of this.bots.values()) {
      if (!EXECUTABLE.has(b.strategy)) continue;
      const list = next.get(b.strategy) ?? [];
      list.push(b);
      next.set(b.strategy, list);
    }
    this.byStrategy = next;
  }

  /** The detection path: synchronous, in memory; the queue add is fire-and-forget. */
  onOpportunity(o: Opportunity): void {
    if (o.statistical)
      for (const pos of this.positions.stopped(o.id, o.statistical.spreadBps))
        if (this.ownership.owns(pos.botId)) this.closePosition(pos);
    // Only the bots this engine owns (their leases); the others are another engine's (or nobody's, for a moment).
    const jobs = entryJobs(
      this.byStrategy.get(o.strategy),
      o,
      this.positions,
      this.queued,
      Date.now(),
      (id) => this.ownership.owns(id),
      (bot, side) => this.unfunded(bot, side),
      (ex, symbol) => this.scanner.scanner.store.get(ex as ExchangeId, symbol)?.spec.minNotional ?? 0,
    );
    if (jobs.length === 0) return;
    for (const job of jobs) job.leaseToken = this.ownership.token(job.botId);
    this.stats.matched += jobs.length;
    // Every match of one opportunity (and of the rest of this turn) in one round trip: on Postgres one statement
    // instead of, per bot, a transaction with two event rows and a NOTIFY (999 adds took 1.2–2 s of a 1,000-bot
    // burst; bench/README.md, execution).
    this.holdMarket(jobs);
    this.send(jobs, (e) =>
      this.logger.warn(
        `${jobs.length} execução(ões) não enfileirada(s) (${jobs[0]!.executionKey}…): ${e.message}`,
      ),
    );
  }

  /**
   * Jobs leave with their detection's market time; a paced replay's market stands still from there until the
   * executor takes them (and holds it on through their work, MarketClock.hold): the queue's delay is not market time.
   */
  private holdMarket(jobs: readonly ExecutionJob[]): void {
    const market = this.scanner.marketClock;
    for (const job of jobs) {
      job.detectedAt = market.toMarket(job.enqueuedAt);
      market.hold(job.executionKey);
    }
  }
}
