import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { BILLING_TICK, QUEUES } from '@arbitra/contracts';
import type { QueueFactory } from '@arbitra/transport';
import { PINO_LOGGER } from '../../common/logging/logger.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { QUEUE_FACTORY } from '../../transport/transport.providers.js';
import { RenewalsService } from './renewals.service.js';

/**
 * Renewals, reminders, expiries and lapses as ONE repeatable BullMQ job (Redis or the Postgres backend).
 * Every api process upserts the same scheduler id (so there is one schedule) and runs a worker of
 * concurrency 1; each repetition is one job, taken by one worker. Inside a run every transition is a
 * conditional update under a row lock, so even overlapping runs change each row once.
 */
@Injectable()
export class BillingScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    @Inject(QUEUE_FACTORY) private readonly factory: QueueFactory,
    private readonly billing: RenewalsService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const every = this.config.SUBSCRIPTION_SWEEP_MS;
    if (every <= 0) return;
    this.queue = this.factory.queue(QUEUES.billing);
    await this.queue.upsertJobScheduler(
      BILLING_TICK.schedulerId,
      { every },
      {
        name: BILLING_TICK.name,
        opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
      },
    );
    this.worker = this.factory.worker(
      QUEUES.billing,
      async () => {
        await this.billing.tick();
      },
      { concurrency: 1 },
    );
    this.worker.on('failed', (_job, err) => this.logger.error({ err }, 'falha no job de cobrança'));
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
