import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { EVENTS, MESSAGES, QUEUES, type ExchangeValidatedEvent } from '@arbitra/contracts';
import { BrowserEvents, type QueueFactory } from '@arbitra/transport';
import type { BackgroundService } from '../config/background-service.js';
import { QUEUE_FACTORY } from '../transport/fabric.providers.js';
import { CredentialStore, CredentialUnavailableError } from './credential-store.js';
import type { CredentialCheckOutcome, CredentialValidator } from './credential-validator.js';

export const CREDENTIAL_VALIDATOR = Symbol('CREDENTIAL_VALIDATOR');

export type CheckResult =
  | { outcome: 'recorded'; status: CredentialCheckOutcome['status'] }
  | { outcome: 'skipped'; why: 'gone' | 'not_pending' | 'stale' };

/**
 * Works the credential-checks queue: reads the credential (the job holds only its id), decrypts it,
 * asks the exchange (read-only), records is_validated + reason (+ permissions), and tells the owner's
 * browsers ('exchange:validated' to user:<id>). Idempotent: a row that is no longer pending is skipped.
 */
@Injectable()
export class CredentialChecksProcessor implements BackgroundService {
  private readonly logger = new Logger(CredentialChecksProcessor.name);
  private worker?: Worker;

  constructor(
    @Inject(QUEUE_FACTORY) private readonly queues: QueueFactory,
    private readonly events: BrowserEvents,
    @Inject(CREDENTIAL_VALIDATOR) private readonly validator: CredentialValidator,
    private readonly store: CredentialStore,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.store.configured) {
      this.logger.warn('CREDENTIALS_KEYS ausente: verificações de credenciais desativadas neste engine');
      return;
    }
    this.worker = this.queues.worker(QUEUES.credentialChecks, (job) => this.check(job.data.credentialId), {
      concurrency: 4,
    });
    this.worker.on('error', (e) => this.logger.warn(`credential-checks worker: ${e.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }

  /** One check, end to end. Public for tests and for a manual re-run. */
  async check(credentialId: string): Promise<CheckResult> {
    const c = await this.store.load(credentialId);
    if (!c) return { outcome: 'skipped', why: 'gone' };
    if (c.validationStatus !== 'pending') return { outcome: 'skipped', why: 'not_pending' };

    let outcome: CredentialCheckOutcome;
    try {
      outcome = await this.validator.check(c.exchange, this.store.open(c));
    } catch (e) {
      if (!(e instanceof CredentialUnavailableError)) throw e;
      outcome = {
        status: 'invalid',
        reason: e.message || MESSAGES.exchanges.reasonUndecryptable,
        reachedExchange: false,
        permissions: null,
        canWithdraw: null,
      };
    }
    // Never the ccxt message (it can carry URLs): the id, the exchange, the result and the error class.
    this.logger.log(
      `credential ${c.id} (${c.exchange}) checked: ${outcome.status}${outcome.errorClass ? ` [${outcome.errorClass}]` : ''}`,
    );
    const event = await this.store.recordCheck(c, outcome);
    if (!event) return { outcome: 'skipped', why: 'stale' };
    this.publish(c.userId, event);
    return { outcome: 'recorded', status: outcome.status };
  }

  private publish(userId: string, event: ExchangeValidatedEvent): void {
    this.events.toUser(userId, EVENTS.exchangeValidated, event);
  }
}
