import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import {
  backtestRunJob,
  EVENTS,
  MESSAGES,
  QUEUES,
  type BacktestJob,
  type BacktestProgress,
  type BacktestProgressEvent,
  type BacktestStatus,
  type ExecutionLatency,
  DEFAULT_EXECUTION_LATENCY,
} from '@arbitra/contracts';
import { BacktestsRepository, type OwnerId } from '@arbitra/db';
import { BrowserEvents, type QueueFactory, type TypedQueue } from '@arbitra/transport';
import type { BackgroundService } from '../config/background-service.js';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';
import { ExecutionsProcessor } from '../execution/executions.processor.js';
import { ENGINE_IDENTITY, type EngineIdentity } from '../config/engine-identity.js';
import { QUEUE_FACTORY } from '../transport/fabric.providers.js';
import { runOnMarket } from './backtest.js';
import { calibrate } from './calibration.js';
import { openMarket, RecordingError } from './market-source.js';
import { recordingsDir } from './recordings.js';

/** How often a running backtest writes its progress (and heartbeat) and reads its cancel flag. */
const PROGRESS_EVERY_MS = 500;
/** A running backtest whose heartbeat is this old has lost its engine. */
const STALE_AFTER_MS = 30_000;
const STALE_SCAN_MS = 15_000;
/**
 * Runs of different users one engine works at once per BACKTEST_CONCURRENCY: they interleave on its core (each
 * yields every 20 ms of wall time), so a long run of one user never holds up another user's short one by more than
 * that short run's own duration. One user's runs go one at a time, oldest first (BacktestsRepository.start); a run
 * waiting for its user's previous one holds no slot (it goes back to the queue): the slots go round-robin to users.
 */
export const BACKTEST_SHARED_RUNS = 4;
/**
 * How long an older run steps aside, every ~20 ms of its work, per newer run beside it: with two older runs
 * (2 × 60 ms and 60 ms) the newest keeps about 60 % of the core, with one older run 75 %.
 */
const YIELD_TO_NEWER_MS = 60;

/** Executions this engine must have measured before its latency replaces the documented default. */
const LATENCY_MIN_SAMPLES = 5;

/**
 * Works the 'backtests' queue (BACKTEST_CONCURRENCY at a time): claims the row, runs the backtest on a virtual
 * clock (runOnMarket), writes progress every half second and pushes it to the owner's room, stops at once when
 * the owner cancels, and writes the result. Writes only the backtests table. A backtest left 'running' by an
 * engine that died (job delivered again, or heartbeat stopped) is marked 'interrupted'.
 */
@Injectable()
export class BacktestsProcessor implements BackgroundService {
  private readonly logger = new Logger(BacktestsProcessor.name);
  private worker?: Worker;
  /** Where a user's next run is queued again (made once). */
  private queue?: TypedQueue<typeof QUEUES.backtests>;
  private scan?: NodeJS.Timeout;
  private readonly running = new Map<string, AbortController>();
  private closing = false;
  /** When each running backtest started here (wall, performance.now()). */
  private readonly startedAt = new Map<string, number>();

  /**
   * A running backtest's breath: a macrotask turn, and while newer runs share this engine, a further
   * YIELD_TO_NEWER_MS per newer run — the newest run gets most of the core, so a user's short run beside another's long one
   * takes well under twice its own time.
   */
  private async pause(id: string): Promise<void> {
    const mine = this.startedAt.get(id) ?? 0;
    let newer = 0;
    for (const t of this.startedAt.values()) if (t > mine) newer++;
    await new Promise<void>((r) => (newer > 0 ? setTimeout(r, YIELD_TO_NEWER_MS * newer) : setImmediate(r)));
  }

  constructor(
    private readonly repo: BacktestsRepository,
    @Inject(QUEUE_FACTORY) private readonly queues: QueueFactory,
    private readonly events: BrowserEvents,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    @Inject(ENGINE_IDENTITY) private readonly identity: EngineIdentity,
    private readonly executions: ExecutionsProcessor,
  ) {}

  /**
   * The 'Latência de execução' of a run left at its default: this engine's measured detection → orders latency
   * (p50/p99 of its recent executions), or DEFAULT_EXECUTION_LATENCY before it has measured enough of them.
   */
  measuredLatency(): ExecutionLatency {
    return measuredLatency(this.executions);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.interrupt({ engineId: this.identity.instanceId, staleAfterMs: STALE_AFTER_MS });
    this.worker = this.queues.worker(QUEUES.backtests, (job) => this.process(job), {
      concurrency: this.config.BACKTEST_CONCURRENCY * BACKTEST_SHARED_RUNS,
    });
    this.worker.on('error', (e) => this.logger.warn(`backtests worker: ${e.message}`));
    this.scan = setInterval(() => {
      this.interrupt({ staleAfterMs: STALE_AFTER_MS }).catch((e: Error) =>
        this.logger.warn(`backtests interrompidos: ${e.message}`),
      );
    }, STALE_SCAN_MS);
    this.scan.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    if (this.scan) clearInterval(this.scan);
    for (const c of this.running.values()) c.abort();
    await this.worker?.close();
    await this.interrupt({ engineId: this.identity.instanceId }).catch(() => undefined);
  }

  async process(job: Job<BacktestJob>): Promise<string> {
    const id = job.data.backtestId;
    const work = await this.repo.work(id);
    if (!work) return 'gone';
    if (work.status === 'running') {
      // delivered again: the engine that ran it died mid-run
      await this.interrupt({ id });
      return 'interrupted';
    }
    // One run at a time per user, in the order they asked: while the user's previous one runs or waits (here or on
    // another engine), this job ends at once — it holds no worker slot, which goes to the next job, another user's
    // (round-robin between users) — and the run is queued again when the user's previous one ends (`wakeNext`).
    if (!(await this.repo.start(id, this.identity.instanceId))) {
      const now = await this.repo.work(id);
      return now?.status === 'queued' ? 'waiting' : (now?.status ?? 'gone');
    }
    const controller = new AbortController();
    this.running.set(id, controller);
    this.startedAt.set(id, performance.now());
    let last: BacktestProgress = { percent: 0, trades: 0, marketMs: 0, etaMs: null };
    let writing = false;
    let lastWrite = 0;
    const write = (p: BacktestProgress) => {
      if (writing) return;
      writing = true;
      lastWrite = performance.now();
      this.repo
        .progress(id, p)
        .then(({ cancel }) => {
          if (cancel) controller.abort();
        })
        .catch((e: Error) => this.logger.warn(`progresso do backtest ${id}: ${e.message}`))
        .finally(() => (writing = false));
    };
    try {
      const market = await openMarket(work.source, work.config, recordingsDir(this.config.RECORDINGS_DIR));
      this.emit(work.userId, id, 'running', last);
      // the latency typed in the form, holding the bot as this engine's executions do; else the measured one
      const measured = this.measuredLatency();
      const latency = work.config.latency ? { holdMs: measured.holdMs, ...work.config.latency } : measured;
      const config = { ...work.config, latency };
      const { status, result } = await runOnMarket(config, market, {
        signal: controller.signal,
        pause: () => this.pause(id),
        progressEveryMs: PROGRESS_EVERY_MS,
        onProgress: (p) => {
          last = p;
          this.emit(work.userId, id, 'running', p);
          if (performance.now() - lastWrite >= PROGRESS_EVERY_MS) write(p);
        },
      });
      // A recording of a market the bot paper-traded: its paper trades of that time beside the backtest's.
      if (work.botId && work.source.kind === 'replay') {
        const paper = await this.repo.paperTrades(
          work.botId,
          work.userId,
          result.source.from,
          result.source.to,
        );
        result.calibration = paper.length > 0 ? calibrate(paper, result.trades) : null;
      }
      await this.repo.finish(id, {
        status,
        progress: last,
        result,
        error: status === 'canceled' ? MESSAGES.backtests.canceledReason : null,
      });
      this.emit(work.userId, id, status, last);
      return status;
    } catch (e) {
      const error =
        e instanceof RecordingError
          ? MESSAGES.backtests.recordingNotFound
          : `Erro na simulação: ${(e as Error).message}`;
      this.logger.warn(`backtest ${id} falhou: ${(e as Error).message}`);
      await this.repo.finish(id, { status: 'failed', progress: last, result: null, error });
      this.emit(work.userId, id, 'failed', last);
      return 'failed';
    } finally {
      this.running.delete(id);
      this.startedAt.delete(id);
      await this.wakeNext(work.userId);
    }
  }

  /** The user's turn is free (their run ended): their next queued run goes to the queue. */
  private async wakeNext(userId: OwnerId): Promise<void> {
    try {
      const next = await this.repo.nextQueued(userId);
      if (!next) return;
      const job = backtestRunJob(next, userId, true);
      this.queue ??= this.queues.queue(QUEUES.backtests);
      await this.queue.add('run', job.data, job.opts);
    } catch (e) {
      this.logger.warn(`próxima simulação de ${userId}: ${(e as Error).message}`);
    }
  }

  private async interrupt(which: { engineId?: string; id?: string; staleAfterMs?: number }): Promise<void> {
    const rows = await this.repo.interrupt(MESSAGES.backtests.interruptedReason, which);
    for (const r of rows) this.emit(r.userId, r.id, 'interrupted', r.progress);
    for (const userId of new Set(rows.map((r) => r.userId))) await this.wakeNext(userId);
  }

  private emit(userId: string, id: string, status: BacktestStatus, progress: BacktestProgress): void {
    const payload: BacktestProgressEvent = { id, status, progress };
    this.events.toUser(userId, EVENTS.backtestProgress, payload);
  }
}

/** An executor's measured latency (detection → orders p50/p99, hold p50), or the default before enough executions. */
export function measuredLatency(executions: Pick<ExecutionsProcessor, 'latency' | 'hold'>): ExecutionLatency {
  return measuredExecutionLatency(executions) ?? DEFAULT_EXECUTION_LATENCY;
}

/** An executor's measured latency, or null before it has measured LATENCY_MIN_SAMPLES executions. */
export function measuredExecutionLatency(
  executions: Pick<ExecutionsProcessor, 'latency' | 'hold'>,
): ExecutionLatency | null {
  const s = executions.latency.snapshot();
  if (s.count < LATENCY_MIN_SAMPLES) return null;
  const hold = executions.hold.snapshot();
  return {
    p50Ms: Math.round(s.p50Ms),
    p99Ms: Math.round(s.p99Ms),
    holdMs: Number.isFinite(hold.p50Ms) ? Math.round(hold.p50Ms) : 0,
  };
}
