import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { QUEUES } from '@arbitra/contracts';
import { JobProducer, type QueueFactory } from '@arbitra/transport';
import { QUEUE_FACTORY } from '../../transport/transport.providers.js';

/** The api's side of the credential-checks queue: asks the engine to check a credential with its exchange. */
@Injectable()
export class CredentialChecksQueue implements OnModuleDestroy {
  private readonly jobs: JobProducer<typeof QUEUES.credentialChecks>;

  constructor(@Inject(QUEUE_FACTORY) factory: QueueFactory) {
    this.jobs = new JobProducer(factory, QUEUES.credentialChecks);
  }

  /**
   * One job per (credential, check version): the payload is the id only, never key material (the engine
   * reads and decrypts the row). The deterministic job id makes a repeated request for the same version a no-op.
   */
  async enqueue(credentialId: string, checkVersion: number): Promise<void> {
    await this.jobs.add('check', { credentialId }, { jobId: `check-${credentialId}-v${checkVersion}` });
  }

  async onModuleDestroy(): Promise<void> {
    await this.jobs.close();
  }
}
