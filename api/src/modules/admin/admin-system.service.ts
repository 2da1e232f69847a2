import { Injectable } from '@nestjs/common';
import { BotsRepository } from '@arbitra/db';
import {
  MESSAGES,
  QUEUES,
  type AdminFailedJob,
  type AdminSystemOverview,
  type QueueName,
} from '@arbitra/contracts';
import { badRequest, notFound } from '../../common/errors/app-error.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { AuditService } from '../audit/audit.service.js';
import { EngineStatusService } from '../engine-link/engine-status.service.js';
import { ApiLiveMetricsService } from '../live-metrics/api-live-metrics.service.js';
import { MarketStateService } from '../market/market-state.service.js';

const QUEUE_NAMES = Object.values(QUEUES) as QueueName[];
const FAILED_PAGE = 50;

/** /admin/system: engines (heartbeats), feeds, and each queue's failed jobs with retry and remove (audited). */
@Injectable()
export class AdminSystemService {
  constructor(
    private readonly engines: EngineStatusService,
    private readonly market: MarketStateService,
    private readonly live: ApiLiveMetricsService,
    private readonly audit: AuditService,
    private readonly bots: BotsRepository,
  ) {}

  /**
   * Engines with the bots each one runs (name, owner, since when; a bot deleted meanwhile is left out) and feeds;
   * with `history`, the platform's live points of the last 15 minutes too (kept by this api, watched or not).
   */
  async overview(now = Date.now(), history = false): Promise<AdminSystemOverview> {
    const engines = this.engines.aliveWithAge(now);
    const owners = await this.bots.adminOwnersOf(engines.flatMap((e) => (e.bots ?? []).map((b) => b.id)));
    return {
      engines: engines.map(({ bots, ...e }) => ({
        ...e,
        bots: (bots ?? [])
          .flatMap((b) => {
            const o = owners.get(b.id);
            return o ? [{ id: b.id, since: b.since, ...o }] : [];
          })
          .sort((a, b) => a.since - b.since || a.id.localeCompare(b.id)),
      })),
      feeds: this.market.snapshot(now).feeds,
      ...(history ? { history: this.live.history() } : {}),
    };
  }

  async failedJobs(): Promise<AdminFailedJob[]> {
    const out: AdminFailedJob[] = [];
    for (const name of QUEUE_NAMES) {
      const jobs = await this.live.queue(name).getFailed(0, FAILED_PAGE - 1);
      for (const j of jobs) {
        if (!j?.id) continue;
        out.push({
          id: j.id,
          queue: name,
          name: j.name,
          failedReason: j.failedReason ?? '',
          attemptsMade: j.attemptsMade,
          timestamp: j.timestamp,
          finishedOn: j.finishedOn ?? null,
        });
      }
    }
    return out.sort((a, b) => (b.finishedOn ?? b.timestamp) - (a.finishedOn ?? a.timestamp));
  }

  async retry(admin: AuthenticatedUser, queue: string, id: string, client: ClientInfo): Promise<void> {
    const job = await this.failedJob(queue, id);
    await job.retry('failed');
    await this.audit.record('job_retried', {
      userId: admin.id,
      actorId: admin.id,
      client,
      metadata: { queue, jobId: id, name: job.name },
    });
  }

  async remove(admin: AuthenticatedUser, queue: string, id: string, client: ClientInfo): Promise<void> {
    const job = await this.failedJob(queue, id);
    await job.remove();
    await this.audit.record('job_removed', {
      userId: admin.id,
      actorId: admin.id,
      client,
      metadata: { queue, jobId: id, name: job.name },
    });
  }

  private async failedJob(queue: string, id: string) {
    if (!(QUEUE_NAMES as string[]).includes(queue))
      throw badRequest('unknown_queue', MESSAGES.admin.unknownQueue);
    const job = await this.live.queue(queue as QueueName).getJob(id);
    if (!job || !(await job.isFailed())) throw notFound('job_not_found', MESSAGES.admin.jobNotFound);
    return job;
  }
}
