import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { QueueEvents } from 'bullmq';
import { QUEUES, type EngineCommandJobs, type EngineCommandName, type PingResult } from '@arbitra/contracts';
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

  /** Adds a ping and waits for an engine to answer it. */
  async ping(timeoutMs = 5_000): Promise<PingResult> {
    this.events ??= this.factory.events(QUEUES.engineCommands);
    await this.events.waitUntilReady();
    const job = await this.send('ping', { requestedAt: new Date().toISOString(), nonce: randomUUID() });
    return (await job.waitUntilFinished(this.events, timeoutMs)) as PingResult;
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
