import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { QUEUES, type LiveChecklist, type PingResult } from '@arbitra/contracts';
import type { QueueFactory, TypedJob } from '@arbitra/transport';
import type { BackgroundService } from '../config/background-service.js';
import { LiveChecklistChecker } from '../credentials/live-checklist.js';
import { ENGINE_IDENTITY, type EngineIdentity } from '../config/engine-identity.js';
import { QUEUE_FACTORY } from '../transport/fabric.providers.js';

/** Works the engine-commands queue: the api's requests to the engine. */
@Injectable()
export class EngineCommandsProcessor implements BackgroundService {
  private readonly logger = new Logger(EngineCommandsProcessor.name);
  private worker?: Worker;
  /** Job ids this process handled, for observability and the exactly-once tests. */
  readonly handled: string[] = [];

  constructor(
    @Inject(QUEUE_FACTORY) private readonly queues: QueueFactory,
    @Inject(ENGINE_IDENTITY) private readonly identity: EngineIdentity,
    private readonly checklist: LiveChecklistChecker,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = this.queues.worker(QUEUES.engineCommands, (job) => this.process(job), { concurrency: 4 });
    this.worker.on('error', (e) => this.logger.warn(`engine-commands worker: ${e.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }

  private async process(
    job: TypedJob<typeof QUEUES.engineCommands>,
  ): Promise<PingResult | (LiveChecklist & { processedBy: string })> {
    if (job.id) this.handled.push(job.id);
    switch (job.name) {
      case 'ping':
        return {
          nonce: job.data.nonce,
          processedBy: this.identity.instanceId,
          processedAt: new Date().toISOString(),
        };
      case 'live-checklist': {
        const { userId, exchanges, pairs } = job.data;
        return {
          ...(await this.checklist.check(userId, { exchanges, pairs })),
          processedBy: this.identity.instanceId,
        };
      }
    }
  }
}
