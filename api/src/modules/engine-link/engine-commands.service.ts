import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { QueueEvents } from 'bullmq';
import {
  QUEUES,
  type EngineCommandJobs,
  type EngineCommandName,
  type LiveChecklist,
  type LiveChecklistRequest,
  type PingResult,
} from '@arbitra/contracts';
import { JobProducer, type QueueFactory } from '@arbitra/transport';
import { QUEUE_FACTORY } from '../../transport/transport.providers.js';

/** The api's side of the engine-commands queue. */
@Injectable()
export class EngineCommandsService implements OnModuleDestroy {
  private readonly jobs: JobProducer<typeof QUEUES.engineCommands>;
  private events?: QueueEvents;

  constructor(@Inject(QUEUE_FACTORY) private readonly factory: QueueFactory) {
    this.jobs = new JobProducer(factory, QUEUES.engineCommands);
  }

  get backend() {
    return this.factory.kind;
  }

  async send<N extends EngineCommandName>(name: N, data: EngineCommandJobs[N], jobId?: string) {
    return this.jobs.add(name, data, jobId ? { jobId } : {});
  }

  /** Adds a command and waits for an engine to answer it (rejects after `timeoutMs`). */
  async request<N extends EngineCommandName>(
    name: N,
    data: EngineCommandJobs[N],
    timeoutMs: number,
  ): Promise<unknown> {
    this.events ??= this.factory.events(QUEUES.engineCommands);
    await this.events.waitUntilReady();
    const job = await this.send(name, data);
    return job.waitUntilFinished(this.events, timeoutMs);
  }

  /** Adds a ping and waits for an engine to answer it. */
  async ping(timeoutMs = 5_000): Promise<PingResult> {
    return (await this.request(
      'ping',
      { requestedAt: new Date().toISOString(), nonce: randomUUID() },
      timeoutMs,
    )) as PingResult;
  }

  /** 'Pronto para operar ao vivo' of the user's keys, checked by an engine with the exchanges. */
  async liveChecklist(
    userId: string,
    request: LiveChecklistRequest,
    timeoutMs = 30_000,
  ): Promise<LiveChecklist> {
    const r = (await this.request('live-checklist', { userId, ...request }, timeoutMs)) as LiveChecklist;
    return { ready: r.ready, checkedAt: r.checkedAt, exchanges: r.exchanges };
  }

  /** A cheap check that the queue backend answers. */
  async counts(): Promise<Record<string, number>> {
    return this.jobs.counts('waiting', 'active', 'failed');
  }

  async onModuleDestroy(): Promise<void> {
    await this.jobs.close();
    await this.events?.close();
  }
}
