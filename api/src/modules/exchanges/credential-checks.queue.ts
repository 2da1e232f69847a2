import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QUEUES, type CredentialCheckJobs } from '@arbitra/contracts';
import type { QueueFactory } from '@arbitra/transport';
import { QUEUE_FACTORY } from '../../realtime/transport.providers.js';

/** The api's side of the credential-checks queue: asks the engine to check a credential with its exchange. */
@Injectable()
export class CredentialChecksQueue implements OnModuleDestroy {
  private readonly queue: Queue;

  constructor(@Inject(QUEUE_FACTORY) factory: QueueFactory) {
    this.queue = factory.queue(QUEUES.credentialChecks);
  }

  /**
   * One job per (credential, check version): the payload is the id only, never key material (the engine
   * reads and decrypts the row). The deterministic job id makes a repeated request for the same version a no-op.
   */
  async enqueue(credentialId: string, checkVersion: number): Promise<void> {
    const data: CredentialCheckJobs['check'] = { credentialId };
    await this.queue.add('check', data, { jobId: `check-${credentialId}-v${checkVersion}` });
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
  }
}
