import { Inject, Injectable } from '@nestjs/common';
import {
  CREDENTIAL_VALIDATION_STATUSES,
  MESSAGES,
  exchangeInfo,
  isExchangeId,
  type CredentialValidationStatus,
  type ExchangeId,
  type ExchangeValidatedEvent,
} from '@arbitra/contracts';
import {
  CredentialDecryptError,
  ExchangeCredentialsRepository,
  systemActingFor,
  type CredentialCipher,
  type CredentialPlain,
  type CredentialRow,
} from '@arbitra/db';
import type { CredentialCheckOutcome } from './credential-validator.js';
import type { ExchangeClientCredentials } from './exchange-client.factory.js';

export const CREDENTIAL_CIPHER = Symbol('CREDENTIAL_CIPHER');

/** A credential row as the engine reads it (ciphertexts stay sealed until `open`). */
export interface StoredCredential {
  id: string;
  userId: string;
  exchange: ExchangeId;
  isActive: boolean;
  validationStatus: CredentialValidationStatus;
  checkVersion: number;
  keyId: string;
  apiKeyEncrypted: string;
  apiSecretEncrypted: string;
  passphraseEncrypted: string | null;
  /** What the last check found: the key can withdraw (true), cannot (false), or the exchange does not say (null). */
  canWithdraw: boolean | null;
}

/** Why a live order cannot get a credential (pt-BR message for the bot's reason). */
export class CredentialUnavailableError extends Error {
  constructor(
    readonly code: 'missing' | 'inactive' | 'not_validated' | 'undecryptable' | 'not_configured',
    message: string,
    /** For 'not_validated': the last check's finding on withdrawals (true: refused for that, DECISIONS §13). */
    readonly canWithdraw: boolean | null = null,
  ) {
    super(message);
  }
}

function toStored(r: CredentialRow): StoredCredential | null {
  if (!isExchangeId(r.exchange_name)) return null;
  return {
    id: r.id,
    userId: r.user_id,
    exchange: r.exchange_name,
    isActive: r.is_active,
    validationStatus: ((CREDENTIAL_VALIDATION_STATUSES as readonly string[]).includes(r.validation_status)
      ? r.validation_status
      : 'pending') as CredentialValidationStatus,
    checkVersion: r.check_version,
    keyId: r.key_id,
    apiKeyEncrypted: r.api_key_encrypted,
    apiSecretEncrypted: r.api_secret_encrypted,
    passphraseEncrypted: r.passphrase_encrypted,
    canWithdraw: r.can_withdraw,
  };
}

/**
 * The engine's access to exchange credentials: reads rows, decrypts them ONLY for a check or an order,
 * records check results. Secrets never leave the returned objects (never logged, never in a job).
 */
@Injectable()
export class CredentialStore {
  constructor(
    private readonly db: ExchangeCredentialsRepository,
    @Inject(CREDENTIAL_CIPHER) private readonly cipher: CredentialCipher | null,
  ) {}

  get configured(): boolean {
    return this.cipher !== null;
  }

  async load(id: string): Promise<StoredCredential | null> {
    const row = await this.db.byId(id);
    return row ? toStored(row) : null;
  }

  /** Decrypts a stored credential into what ccxt takes. Throws CredentialUnavailableError. */
  open(c: StoredCredential): ExchangeClientCredentials {
    if (!this.cipher)
      throw new CredentialUnavailableError('not_configured', MESSAGES.exchanges.storageUnavailable);
    let plain: CredentialPlain;
    try {
      plain = this.cipher.open(c.id, c);
    } catch (e) {
      if (e instanceof CredentialDecryptError) {
        throw new CredentialUnavailableError('undecryptable', MESSAGES.exchanges.reasonUndecryptable);
      }
      throw e;
    }
    return { apiKey: plain.apiKey, secret: plain.apiSecret, password: plain.passphrase ?? undefined };
  }

  /**
   * Records a check's result, only if the row is still at the version that was checked and still
   * pending (a newer save or check wins). Returns the event to publish, or null when it was stale.
   */
  async recordCheck(
    c: StoredCredential,
    outcome: CredentialCheckOutcome,
    now = new Date(),
  ): Promise<ExchangeValidatedEvent | null> {
    const r = await this.db.recordCheck({
      id: c.id,
      checkVersion: c.checkVersion,
      status: outcome.status,
      reason: outcome.reason.slice(0, 500),
      at: now,
      permissions: outcome.permissions,
      canWithdraw: outcome.canWithdraw,
      reachedExchange: outcome.reachedExchange,
    });
    if (!r || !isExchangeId(r.exchange_name)) return null;
    return {
      id: r.id,
      exchange_name: r.exchange_name,
      is_validated: r.validation_status === 'valid',
      validation_status: r.validation_status as CredentialValidationStatus,
      validation_reason: r.validation_reason,
      validated_at: r.validated_at?.toISOString() ?? null,
      permissions: r.permissions,
      can_withdraw: r.can_withdraw,
      last_used_at: r.last_used_at?.toISOString() ?? null,
    };
  }

  /**
   * FOR THE LIVE EXECUTOR ONLY: the owner's active, validated credential for one exchange, decrypted for
   * the order about to be placed (do not keep it, do not log it). Marks it used. Throws
   * CredentialUnavailableError with a pt-BR message ('Binance: credencial desativada') otherwise.
   */
  async decryptForExecution(userId: string, exchange: ExchangeId): Promise<ExchangeClientCredentials> {
    // The engine acts for the bot's owner its job names (the executor, the live checklist).
    const row = await this.db.forUserExchange(systemActingFor(userId), exchange);
    const name = exchangeInfo(exchange).displayName;
    const c = row ? toStored(row) : null;
    if (!c) throw new CredentialUnavailableError('missing', `${name}: ${MESSAGES.exchanges.liveMissing}`);
    if (!c.isActive)
      throw new CredentialUnavailableError('inactive', `${name}: ${MESSAGES.exchanges.liveInactive}`);
    if (c.validationStatus !== 'valid') {
      throw new CredentialUnavailableError(
        'not_validated',
        `${name}: ${c.validationStatus === 'pending' ? MESSAGES.exchanges.livePending : MESSAGES.exchanges.liveInvalid}`,
        c.canWithdraw,
      );
    }
    const credentials = this.open(c);
    await this.db.markUsed(c.id);
    return credentials;
  }
}
