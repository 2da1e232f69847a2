import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  ADVANCED_STRATEGIES,
  BACKTESTS_ACTIVE_PER_USER,
  BACKTESTS_PER_DAY,
  BACKTEST_MAX_DURATION_BY_PLAN,
  backtestRunJob,
  DEFAULT_EXECUTION_LATENCY,
  MESSAGES,
  QUEUES,
  RECORDING_FILE_PATTERN,
  UNLIMITED,
  isBrlPair,
  simulatedSourceLabel,
  type Backtest,
  type BacktestDetail,
  type BacktestInput,
  type BacktestOptions,
  type RecordingInfo,
} from '@arbitra/contracts';
import { BacktestsRepository, type OwnerId } from '@arbitra/db';
import { JobProducer, type QueueFactory } from '@arbitra/transport';
import { badRequest, conflict, forbidden, notFound } from '../../common/errors/app-error.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { QUEUE_FACTORY } from '../../transport/transport.providers.js';
import { BotsService } from '../bots/bots.service.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { EntitlementsService } from '../subscriptions/entitlements.service.js';

const M = MESSAGES.backtests;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The recordings folder (RECORDINGS_DIR, else data/recordings of the repository), as the engine reads it. */
export function recordingsFolder(config: Pick<ApiConfig, 'RECORDINGS_DIR'>): string {
  return config.RECORDINGS_DIR ?? fileURLToPath(new URL('../../../../data/recordings/', import.meta.url));
}

/**
 * Backtests of one user: created (plan's daily limit, advanced strategies, the bot theirs, the recording there),
 * queued for the engine, listed, read, canceled and deleted — always by (id, user id): another user's is 404.
 */
@Injectable()
export class BacktestsService implements OnModuleDestroy {
  private readonly jobs: JobProducer<typeof QUEUES.backtests>;

  constructor(
    private readonly repo: BacktestsRepository,
    private readonly entitlements: EntitlementsService,
    private readonly bots: BotsService,
    @Inject(QUEUE_FACTORY) factory: QueueFactory,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly metrics: MetricsService,
  ) {
    this.jobs = new JobProducer(factory, QUEUES.backtests);
  }

  async onModuleDestroy(): Promise<void> {
    await this.jobs.close();
  }

  async create(userId: OwnerId, input: BacktestInput): Promise<Backtest> {
    const ent = await this.entitlements.forUser(userId);
    if (!ent.active) throw forbidden('plan_inactive', M.noActivePlan);
    if (ADVANCED_STRATEGIES.includes(input.bot.strategy) && !ent.canUseAdvancedStrategies)
      throw forbidden('advanced_strategies_required', M.advancedStrategiesRequired);
    if (input.bot.pairs.some(isBrlPair) && !ent.canUseBrlPairs)
      throw forbidden('brl_pairs_required', MESSAGES.bots.brlPairsRequired);
    const perDay = ent.planId ? BACKTESTS_PER_DAY[ent.planId] : UNLIMITED;
    if (perDay !== UNLIMITED && (await this.repo.countToday(userId)) >= perDay)
      throw forbidden('backtest_limit_reached', M.limitReached(perDay));
    const maxMs = ent.planId ? BACKTEST_MAX_DURATION_BY_PLAN[ent.planId] : undefined;
    if (maxMs !== undefined && input.source.kind === 'simulated' && input.source.durationMs > maxMs)
      throw forbidden('backtest_duration_above_plan', M.durationAbovePlan(marketLength(maxMs)));
    if ((await this.repo.countActive(userId)) >= BACKTESTS_ACTIVE_PER_USER)
      throw conflict('backtest_active_limit', M.activeLimit(BACKTESTS_ACTIVE_PER_USER));
    if (input.botId) await this.bots.get(userId, input.botId); // 404 when it is not theirs
    let sourceLabel: string;
    const source = input.source;
    if (source.kind === 'replay') {
      const found = (await this.recordings()).find((r) => r.file === source.file);
      if (!found) throw badRequest('recording_not_found', M.recordingNotFound);
      sourceLabel = found.label;
    } else {
      sourceLabel = simulatedSourceLabel(source.seed);
    }
    const backtest = await this.repo.create({
      userId,
      botId: input.botId,
      name: input.bot.name,
      config: input.bot,
      source: input.source,
      sourceLabel,
    });
    const job = backtestRunJob(backtest.id, userId);
    await this.jobs.add('run', job.data, job.opts);
    return backtest;
  }

  list(userId: OwnerId): Promise<Backtest[]> {
    return this.repo.list(userId);
  }

  async get(userId: OwnerId, id: string): Promise<BacktestDetail> {
    const b = UUID.test(id) ? await this.repo.get(userId, id) : null;
    if (!b) throw notFound('backtest_not_found', M.notFound);
    return b;
  }

  async cancel(userId: OwnerId, id: string): Promise<BacktestDetail> {
    const status = UUID.test(id) ? await this.repo.requestCancel(userId, id) : null;
    if (!status) throw notFound('backtest_not_found', M.notFound);
    if (status !== 'queued' && status !== 'running' && status !== 'canceled')
      throw conflict('backtest_finished', M.notCancelable);
    if (status === 'canceled') {
      // a queued run canceled: the user's next one may have been waiting behind it (runs go in the order asked)
      const next = await this.repo.nextQueued(userId);
      if (next) {
        const job = backtestRunJob(next, userId, true);
        await this.jobs.add('run', job.data, job.opts);
      }
    }
    return this.get(userId, id);
  }

  async remove(userId: OwnerId, id: string): Promise<void> {
    const done = UUID.test(id) ? await this.repo.delete(userId, id) : null;
    if (!done) throw notFound('backtest_not_found', M.notFound);
    if (done === 'running') throw conflict('backtest_running', M.deleteRunning);
  }

  /** The 'Simular' form's choices: the recordings, and the engines' measured latency beside the default. */
  async options(): Promise<BacktestOptions> {
    return {
      recordings: await this.recordings(),
      latency: { measured: this.metrics.executionLatency(), default: DEFAULT_EXECUTION_LATENCY },
    };
  }

  /** The replay files of the recordings folder (the engine reads the same folder). */
  async recordings(): Promise<RecordingInfo[]> {
    const dir = recordingsFolder(this.config);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    const out: RecordingInfo[] = [];
    for (const file of names.filter((n) => RECORDING_FILE_PATTERN.test(n)).sort()) {
      const s = await stat(join(dir, file)).catch(() => null);
      if (s?.isFile()) out.push({ file, label: `Gravação ${file}`, sizeBytes: s.size });
    }
    return out;
  }
}

/** '24 horas', '3 dias', '7 dias': a plan's longest market. */
function marketLength(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  return hours < 48 ? `${hours} horas` : `${Math.round(hours / 24)} dias`;
}
