import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Job, Queue, Worker } from 'bullmq';
import { Decimal } from 'decimal.js';
import type { DataSource } from 'typeorm';
import {
  EVENTS,
  QUEUES,
  executionJobId,
  type BotCommandJob,
  type BotMode,
  type BotStrategy,
  type ExchangeId,
  type ExecutionJob,
  type Opportunity,
  type RiskLevel,
} from '@arbitra/contracts';
import type { FabricServer, QueueFactory } from '@arbitra/transport';
import { FABRIC_SERVER, QUEUE_FACTORY } from '../publishing/fabric.providers.js';
import { ScannerService } from '../scanner/scanner.service.js';
import { BotEvents } from './bot-events.js';
import { budgetUsdt, executionKey, matches, type RunningBot } from './bot-matcher.js';
import { ENGINE_DATA_SOURCE } from './engine-data-source.js';
import { StatisticalPositions, exitOpportunity, type StatPosition } from './statistical-positions.js';
import type { StatisticalSignal } from '../arbitrage/types.js';
import type { ExecutionRecord } from '../execution/trade-ledger.js';

interface BotRow {
  id: string;
  user_id: string;
  name: string;
  strategy: BotStrategy;
  pairs: string[];
  exchanges: ExchangeId[];
  risk_level: RiskLevel;
  max_investment: string;
  min_profit_percent: string;
  mode: BotMode;
  active: boolean;
  status: string;
}

const BOT_COLUMNS = `id, user_id, name, strategy, pairs, exchanges, risk_level, max_investment::text,
  min_profit_percent::text, mode, active, status`;

/** Strategies the executor runs (arbitrage and statistical: two legs; triangular: three legs on one exchange). */
const EXECUTABLE: ReadonlySet<BotStrategy> = new Set(['arbitrage', 'statistical', 'triangular']);

/**
 * The bot runner: keeps the running bots in memory (loaded at start, changed by bot commands from the api),
 * matches every added/updated opportunity to them synchronously (no I/O), sizes it, and enqueues one execution
 * per bot and opportunity (jobId from bot + opportunity id + firstSeen: the same opportunity never runs twice
 * for a bot). Paper bots get virtual balances seeded on their first start.
 */
@Injectable()
export class BotRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BotRunner.name);
  private readonly bots = new Map<string, RunningBot>();
  private byStrategy = new Map<BotStrategy, RunningBot[]>();
  private readonly queued = new Set<string>();
  private executions!: Queue;
  private worker?: Worker;
  private detach?: () => void;
  private detachSignals?: () => void;
  /** Open statistical positions (entry recorded, exit not yet). */
  readonly positions = new StatisticalPositions();
  /** Counters for tests and metrics. */
  readonly stats = { matched: 0, enqueued: 0, commands: 0, exits: 0 };

  constructor(
    private readonly scanner: ScannerService,
    @Inject(QUEUE_FACTORY) private readonly queues: QueueFactory,
    @Inject(ENGINE_DATA_SOURCE) private readonly ds: DataSource,
    private readonly events: BotEvents,
    @Inject(FABRIC_SERVER) private readonly io: FabricServer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.executions = this.queues.queue(QUEUES.executions);
    this.detach = this.scanner.scanner.registry.on({
      added: (o) => this.onOpportunity(o),
      updated: (o) => this.onOpportunity(o),
    });
    this.detachSignals = this.scanner.scanner.statistical?.onSignal((sig) => this.onSignal(sig));
    this.worker = this.queues.worker(QUEUES.botCommands, (job) => this.apply(job as Job<BotCommandJob>), {
      concurrency: 4,
    });
    this.worker.on('error', (e) => this.logger.warn(`bot-commands worker: ${e.message}`));
    // A command runs on one engine; the others hear of it here and reload the bot.
    this.io.on(EVENTS.botSync, ({ botId }) => {
      this.reload(botId).catch((e: Error) => this.logger.warn(`bot ${botId} não recarregado: ${e.message}`));
    });
    const rows: BotRow[] = await this.ds.query(
      `SELECT ${BOT_COLUMNS} FROM bots WHERE active AND status = 'running'`,
    );
    for (const row of rows) await this.startBot(row);
    this.logger.log(`${rows.length} bots em execução carregados`);
  }

  async onModuleDestroy(): Promise<void> {
    this.detach?.();
    this.detachSignals?.();
    await this.worker?.close();
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
    this.io.serverSideEmit(EVENTS.botSync, { botId });
  }

  /** Runs or drops a bot as its row says. false: the bot no longer exists. */
  async reload(botId: string): Promise<boolean> {
    const rows: BotRow[] = await this.ds.query(`SELECT ${BOT_COLUMNS} FROM bots WHERE id = $1`, [botId]);
    const row = rows[0];
    if (row && row.active && row.status === 'running') await this.startBot(row);
    else this.remove(botId);
    return row !== undefined;
  }

  /** Drops a bot from the runner (stopped, deleted, or stopped by the executor's risk checks). */
  remove(botId: string): void {
    this.positions.dropBot(botId);
    if (this.bots.delete(botId)) this.reindex();
  }

  /** The executor stopped a bot (risk stop, credentials refused): drop it here and on every engine. */
  stopped(botId: string): void {
    this.remove(botId);
    this.io.serverSideEmit(EVENTS.botSync, { botId });
  }

  /** The ledger recorded a trade: the positions it opened, closed or reduced (as stat_positions now holds them). */
  positionsChanged(r: ExecutionRecord): void {
    const p = r.openPosition;
    if (p && this.bots.has(r.botId)) {
      this.positions.open({
        botId: r.botId,
        userId: r.userId,
        id: p.opportunityId,
        symbol: p.symbol,
        buyExchange: p.buyExchange as ExchangeId,
        sellExchange: p.sellExchange as ExchangeId,
        amount: p.amount,
        entrySpreadBps: p.entrySpreadBps,
        meanBps: p.meanBps,
        firstSeen: p.firstSeen,
      });
    }
    if (r.closesPosition) this.positions.close(r.botId, r.closesPosition);
    if (r.reducesPosition)
      this.positions.reduce(r.botId, r.reducesPosition.opportunityId, r.reducesPosition.amount);
  }

  /** An exit job ended: a position it did not close is open again to the next exit signal or stop. */
  exitSettled(botId: string, id: string): void {
    const pos = this.positions.get(botId, id);
    if (pos) pos.closing = false;
  }

  /** The detector's exit signal (|z| back near the mean): close the positions opened on that opportunity. */
  onSignal(sig: StatisticalSignal): void {
    if (sig.kind !== 'exit') return;
    for (const pos of this.positions.exiting(sig.id)) this.closePosition(pos);
  }

  /** Queues the exit trade of a position (reverse legs, the entry's amount, at the current books). */
  closePosition(pos: StatPosition): void {
    const scanner = this.scanner.scanner;
    const now = Date.now();
    const o = exitOpportunity(
      pos,
      (ex, symbol) => scanner.store.get(ex as ExchangeId, symbol),
      (ex) => scanner.fees.taker(ex),
      String(scanner.rate.current().rate),
      now,
    );
    if (!o) return; // no books now: the next exit signal or stop tries again
    pos.closing = true;
    this.stats.exits++;
    // One key per attempt: an exit that failed is tried again on the next signal or stop.
    const key = `${executionKey(pos.botId, o)}@${now}`;
    // The exit is limited by the bot's balances only (it closes what the entry opened).
    const job: ExecutionJob = {
      botId: pos.botId,
      userId: pos.userId,
      executionKey: key,
      opportunity: o,
      budgetUsdt: '1000000000',
      enqueuedAt: now,
      exitOf: pos.id,
    };
    this.executions.add('execute', job, { jobId: executionJobId(key), attempts: 2 }).catch((e: Error) => {
      pos.closing = false;
      this.logger.warn(`saída não enfileirada (${key}): ${e.message}`);
    });
  }

  /** Updates the USDT the runner believes a bot holds (after each recorded trade). */
  setUsdt(botId: string, exchange: string, amount: number): void {
    this.bots.get(botId)?.usdt.set(exchange, amount);
  }

  private async startBot(row: BotRow): Promise<void> {
    if (row.mode === 'paper') await this.seedBalances(row);
    const balances: { exchange: string; amount: string }[] = await this.ds.query(
      `SELECT exchange, amount::text FROM bot_balances WHERE bot_id = $1 AND asset = 'USDT'`,
      [row.id],
    );
    this.bots.set(row.id, {
      id: row.id,
      userId: row.user_id,
      name: row.name,
      strategy: row.strategy,
      pairs: new Set(row.pairs),
      exchanges: new Set(row.exchanges),
      riskLevel: row.risk_level,
      maxInvestment: Number(row.max_investment),
      minProfitPercent: Number(row.min_profit_percent),
      mode: row.mode,
      usdt: new Map(balances.map((b) => [b.exchange, Number(b.amount)])),
    });
    this.reindex();
    if (row.strategy === 'statistical') await this.loadPositions(row.id);
  }

  /** The bot's open statistical positions, as the ledger keeps them (a restart or a stop does not lose them). */
  private async loadPositions(botId: string): Promise<void> {
    const rows: {
      opportunity_id: string;
      user_id: string;
      symbol: string;
      buy_exchange: ExchangeId;
      sell_exchange: ExchangeId;
      amount: string;
      entry_spread_bps: number;
      mean_bps: number;
      first_seen: string;
    }[] = await this.ds.query(
      `SELECT opportunity_id, user_id, symbol, buy_exchange, sell_exchange, amount::text,
              entry_spread_bps::float8 AS entry_spread_bps, mean_bps::float8 AS mean_bps, first_seen::text
         FROM stat_positions WHERE bot_id = $1`,
      [botId],
    );
    for (const r of rows) {
      if (this.positions.get(botId, r.opportunity_id)) continue; // already held (and maybe closing)
      this.positions.open({
        botId,
        userId: r.user_id,
        id: r.opportunity_id,
        symbol: r.symbol,
        buyExchange: r.buy_exchange,
        sellExchange: r.sell_exchange,
        amount: r.amount,
        entrySpreadBps: r.entry_spread_bps,
        meanBps: r.mean_bps,
        firstSeen: Number(r.first_seen),
      });
    }
  }

  /**
   * Paper mode's virtual balances, on the bot's first start: maxInvestment (R$ → USDT at the current rate)
   * split evenly across its exchanges; on each exchange half stays in USDT and half is held in the base
   * assets of its pairs at the current mid price (a cross-exchange trade sells on one exchange what it buys
   * on the other, so both sides need inventory; no transfers during a trade — DECISIONS §8).
   */
  async seedBalances(row: BotRow): Promise<void> {
    const existing: { n: number }[] = await this.ds.query(
      `SELECT count(*)::int AS n FROM bot_balances WHERE bot_id = $1`,
      [row.id],
    );
    if ((existing[0]?.n ?? 0) > 0) return;
    const rate = this.scanner.scanner.rate.current().rate;
    const capital = new Decimal(row.max_investment).div(rate);
    const share = capital.div(row.exchanges.length);
    const store = this.scanner.scanner.store;
    const rows: [string, string, string][] = [];
    for (const ex of row.exchanges) {
      let usdt = row.strategy === 'triangular' ? share : share.div(2);
      if (row.strategy !== 'triangular') {
        const perPair = share.div(2).div(row.pairs.length);
        for (const pair of row.pairs) {
          const slot = store.get(ex, pair);
          const mid = slot?.mid ?? NaN;
          if (!(mid > 0)) {
            usdt = usdt.plus(perPair);
            continue;
          }
          rows.push([
            ex,
            pair.split('/')[0]!,
            perPair.div(String(mid)).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
          ]);
        }
      }
      rows.push([ex, 'USDT', usdt.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed()]);
    }
    await this.ds.transaction(async (m) => {
      for (const [ex, asset, amount] of rows) {
        await m.query(
          `INSERT INTO bot_balances (bot_id, exchange, asset, amount, initial) VALUES ($1,$2,$3,$4,$4)
           ON CONFLICT (bot_id, exchange, asset) DO NOTHING`,
          [row.id, ex, asset, amount],
        );
      }
      await m.query(`UPDATE bots SET initial_capital = $2 WHERE id = $1 AND initial_capital IS NULL`, [
        row.id,
        capital.toDecimalPlaces(8).toFixed(),
      ]);
    });
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
      for (const pos of this.positions.stopped(o.id, o.statistical.spreadBps)) this.closePosition(pos);
    const candidates = this.byStrategy.get(o.strategy);
    if (!candidates) return;
    for (const bot of candidates) {
      if (!matches(bot, o)) continue;
      if (o.strategy === 'statistical' && this.positions.get(bot.id, o.id)) continue; // one position per opportunity
      const key = executionKey(bot.id, o);
      if (this.queued.has(key)) continue;
      const budget = budgetUsdt(bot, o);
      if (budget === '0') continue;
      this.stats.matched++;
      if (this.queued.size > 50_000) this.queued.clear();
      this.queued.add(key);
      const job: ExecutionJob = {
        botId: bot.id,
        userId: bot.userId,
        executionKey: key,
        opportunity: o,
        budgetUsdt: budget,
        enqueuedAt: Date.now(),
      };
      this.executions
        .add('execute', job, { jobId: executionJobId(key), attempts: 2 })
        .then(() => {
          this.stats.enqueued++;
        })
        .catch((e: Error) => this.logger.warn(`execução não enfileirada (${key}): ${e.message}`));
    }
  }
}
