import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  MESSAGES,
  UNLIMITED,
  canAddExchange,
  exchangeInfo,
  hasForbiddenCharacters,
  isExchangeId,
  isToggleBody,
  maskApiKey,
  parseExchangeInput,
  planById,
  type ExchangeId,
  type ParsedExchangeInput,
  type PlanExchangeInfo,
  type UserExchange,
} from '@arbitra/contracts';
import {
  CredentialDecryptError,
  ExchangeCredentialsRepository,
  type CredentialCipher,
  type ExchangeCredentialEntity,
} from '@arbitra/db';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../common/errors/app-error.js';
import type { ClientInfo } from '../../common/http/request-context.js';
import { PINO_LOGGER } from '../../common/logging/logger.js';
import { AuditService } from '../audit/audit.service.js';
import { EntitlementsService } from '../subscriptions/entitlements.service.js';
import { AccountDataRegistry } from '../users/account-data.registry.js';
import { CredentialChecksQueue } from './credential-checks.queue.js';
import { CredentialVault } from './credential-vault.js';
import { toUserExchange, validationStatusOf } from './exchange-credential.view.js';
import type { OwnerId } from '@arbitra/db';

/** Why a credential stopped being usable for live trading. */
export type CredentialDisabledReason = 'deactivated' | 'removed' | 'key_changed';

/** Told to the listeners of `onCredentialDisabled` (the bots module stops the live bots using it). */
export interface CredentialDisabledEvent {
  userId: OwnerId;
  credentialId: string;
  exchange: ExchangeId;
  reason: CredentialDisabledReason;
  /** pt-BR, to record as the stopped bot's reason. */
  message: string;
}

export type CredentialDisabledListener = (event: CredentialDisabledEvent) => void | Promise<void>;

/** Why one exchange is not ready for a live bot. */
export type LiveProblem = 'missing' | 'inactive' | 'pending' | 'invalid' | 'unreachable';

export interface LiveReadiness {
  exchange: string;
  display_name: string;
  ready: boolean;
  problem: LiveProblem | null;
  /** pt-BR, e.g. 'nenhuma credencial cadastrada'. */
  problem_label: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DISABLED_MESSAGES: Record<CredentialDisabledReason, string> = {
  deactivated: MESSAGES.exchanges.disabledDeactivated,
  removed: MESSAGES.exchanges.disabledRemoved,
  key_changed: MESSAGES.exchanges.disabledKeyChanged,
};

const LIVE_LABELS: Record<LiveProblem, string> = {
  missing: MESSAGES.exchanges.liveMissing,
  inactive: MESSAGES.exchanges.liveInactive,
  pending: MESSAGES.exchanges.livePending,
  invalid: MESSAGES.exchanges.liveInvalid,
  unreachable: MESSAGES.exchanges.liveUnreachable,
};

/**
 * Exchange credentials (issue 6, DECISIONS §6): the user's keys, encrypted at rest, checked with the
 * exchange by the engine, listed without secrets. Every lookup carries the owner's id.
 *
 * For the bots module: `assertLiveReady(userId, exchangeIds)` before a live start, and
 * `onCredentialDisabled(listener)` to stop live bots when a credential is deactivated, removed or changed.
 */
@Injectable()
export class ExchangeCredentialsService implements OnModuleInit {
  private readonly disabledListeners = new Set<CredentialDisabledListener>();

  constructor(
    private readonly repo: ExchangeCredentialsRepository,
    private readonly vault: CredentialVault,
    private readonly checks: CredentialChecksQueue,
    private readonly entitlements: EntitlementsService,
    private readonly audit: AuditService,
    private readonly accountData: AccountDataRegistry,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    // LGPD export: the user's credentials without secrets (only the masked key).
    this.accountData.addExporter('exchanges', async (userId) =>
      (await this.list(userId)).map(({ api_key: _omit, ...rest }) => rest),
    );
  }

  // ------------------------------------------------------------------ reads

  async list(userId: OwnerId): Promise<UserExchange[]> {
    const rows = await this.repo.listForUser(userId);
    return rows.map((row) => this.view(row));
  }

  async planInfo(userId: OwnerId): Promise<PlanExchangeInfo> {
    const e = await this.entitlements.forUser(userId);
    const used = await this.repo.countForUser(userId);
    const unlimited = e.maxExchanges === UNLIMITED;
    return {
      plan: e.planId ? planById(e.planId).name : null,
      plan_id: e.planId,
      max_exchanges: e.maxExchanges,
      unlimited_exchanges: unlimited,
      used_exchanges: used,
    };
  }

  // ------------------------------------------------------------------ writes

  async create(userId: OwnerId, input: ParsedExchangeInput, client?: ClientInfo): Promise<UserExchange> {
    const cipher = this.vault.cipher();
    const id = randomUUID();
    const apiSecret = input.api_secret;
    // One writer per user at a time: the plan limit cannot be passed by concurrent requests.
    const row = await this.repo.createChecked(
      userId,
      input.exchange_name,
      async ({ connected, count }) => {
        if (await connected())
          throw conflict('exchange_already_connected', MESSAGES.exchanges.alreadyConnected);
        await this.assertWithinPlan(userId, count);
        if (apiSecret === null)
          throw badRequest('validation_failed', MESSAGES.exchanges.apiSecretRequired, {
            field: 'api_secret',
          });
      },
      () => ({
        id,
        userId,
        exchangeName: input.exchange_name,
        ...cipher.seal(id, {
          apiKey: input.api_key,
          apiSecret: apiSecret ?? '',
          passphrase: input.passphrase,
        }),
        isActive: input.is_active ?? true,
        validationStatus: 'pending',
        validationReason: null,
        validatedAt: null,
        permissions: null,
        canWithdraw: null,
        checkVersion: 1,
      }),
    );
    await this.audit.record('exchange_key_added', {
      userId,
      client,
      metadata: { credentialId: id, exchange: input.exchange_name, apiKeyPreview: maskApiKey(input.api_key) },
    });
    await this.requestCheck(row);
    return this.view(row);
  }

  /** PUT: `{ is_active }` alone toggles; otherwise the full body (the exchange cannot change). */
  async update(userId: OwnerId, id: string, body: unknown, client?: ClientInfo): Promise<UserExchange> {
    const current = await this.findOwned(userId, id);
    const payload: unknown = body ?? {};
    if (hasForbiddenCharacters(payload))
      throw badRequest('invalid_characters', MESSAGES.validation.invalidCharacters);

    if (isToggleBody(payload)) {
      if (typeof payload.is_active !== 'boolean') {
        throw badRequest('validation_failed', MESSAGES.exchanges.isActiveInvalid, { field: 'is_active' });
      }
      return this.setActive(userId, current, payload.is_active);
    }

    const cipher = this.vault.cipher();
    const stored = this.openOrFail(cipher, current);
    const parsed = parseExchangeInput(payload, {
      mode: 'edit',
      current: { exchange_name: current.exchangeName, api_key: stored.apiKey },
    });
    if (!parsed.success) {
      throw badRequest(
        'validation_failed',
        parsed.message,
        parsed.field === 'corpo' ? undefined : { field: parsed.field },
      );
    }
    const input = parsed.data;
    const keyChanged =
      input.api_key !== stored.apiKey ||
      (input.api_secret !== null && input.api_secret !== stored.apiSecret) ||
      (input.passphrase !== null && input.passphrase !== stored.passphrase);

    const changes: Partial<ExchangeCredentialEntity> = { updatedAt: new Date() };
    if (keyChanged) {
      Object.assign(
        changes,
        cipher.seal(current.id, {
          apiKey: input.api_key,
          apiSecret: input.api_secret ?? stored.apiSecret,
          passphrase: exchangeInfo(current.exchangeName as ExchangeId).requiresPassphrase
            ? (input.passphrase ?? stored.passphrase)
            : null,
        }),
        {
          validationStatus: 'pending',
          validationReason: null,
          validatedAt: null,
          permissions: null,
          canWithdraw: null,
          checkVersion: current.checkVersion + 1,
        },
      );
    }
    const deactivating = input.is_active === false && current.isActive;
    if (input.is_active !== undefined) changes.isActive = input.is_active;

    await this.repo.updateOwned(userId, current.id, changes);
    const row = await this.repo.getOwned(userId, current.id);
    if (keyChanged) {
      await this.audit.record('exchange_key_updated', {
        userId,
        client,
        metadata: {
          credentialId: row.id,
          exchange: row.exchangeName,
          apiKeyPreview: maskApiKey(input.api_key),
        },
      });
      await this.notifyDisabled(userId, row, 'key_changed');
      await this.requestCheck(row);
    } else if (deactivating) {
      await this.notifyDisabled(userId, row, 'deactivated');
    }
    return this.view(row);
  }

  async remove(userId: OwnerId, id: string, client?: ClientInfo): Promise<void> {
    const row = await this.findOwned(userId, id);
    if (!(await this.repo.deleteOwned(userId, row.id)))
      throw notFound('exchange_not_found', MESSAGES.exchanges.notFound);
    await this.audit.record('exchange_key_removed', {
      userId,
      client,
      metadata: { credentialId: row.id, exchange: row.exchangeName },
    });
    await this.notifyDisabled(userId, row, 'removed');
  }

  /** 'Validar novamente': a new check with the exchange (no-op while one is pending). */
  async revalidate(userId: OwnerId, id: string): Promise<UserExchange> {
    const row = await this.findOwned(userId, id);
    this.vault.cipher();
    if (row.validationStatus === 'pending') {
      await this.requestCheck(row);
      return this.view(row);
    }
    await this.repo.updateOwned(userId, row.id, {
      validationStatus: 'pending',
      validationReason: null,
      checkVersion: row.checkVersion + 1,
      updatedAt: new Date(),
    });
    const updated = await this.repo.getOwned(userId, row.id);
    await this.requestCheck(updated);
    return this.view(updated);
  }

  // ------------------------------------------------------------------ for the bots module

  /** Per exchange: is there an active, validated credential of this user? (Never throws.) */
  async liveReadiness(userId: OwnerId, exchangeIds: readonly string[]): Promise<LiveReadiness[]> {
    const wanted = [...new Set(exchangeIds)];
    const rows = wanted.length ? await this.repo.onExchanges(userId, wanted) : [];
    return wanted.map((exchange) => {
      const row = rows.find((r) => r.exchangeName === exchange);
      const display = isExchangeId(exchange) ? exchangeInfo(exchange).displayName : exchange;
      let problem: LiveProblem | null = null;
      if (!row) problem = 'missing';
      else if (!row.isActive) problem = 'inactive';
      else {
        const status = validationStatusOf(row.validationStatus);
        if (status !== 'valid') problem = status;
      }
      return {
        exchange,
        display_name: display,
        ready: problem === null,
        problem,
        problem_label: problem ? LIVE_LABELS[problem] : null,
      };
    });
  }

  /**
   * Throws a 409 `live_credentials_not_ready` naming, in pt-BR, every exchange whose credential is
   * missing, inactive, still being checked or invalid — e.g. 'Para operar em modo real, ajuste as
   * credenciais de: Binance (nenhuma credencial cadastrada), Bybit (credenciais inválidas).'
   * `details.exchanges` lists `{ exchange, display_name, problem, problem_label }`.
   */
  async assertLiveReady(userId: OwnerId, exchangeIds: readonly string[]): Promise<void> {
    const readiness = await this.liveReadiness(userId, exchangeIds);
    const missing = readiness.filter((r) => !r.ready);
    if (missing.length === 0) return;
    const list = missing.map((r) => `${r.display_name} (${r.problem_label ?? ''})`).join(', ');
    throw new AppError(409, 'live_credentials_not_ready', MESSAGES.exchanges.liveNotReady(list), {
      exchanges: missing.map(({ exchange, display_name, problem, problem_label }) => ({
        exchange,
        display_name,
        problem,
        problem_label,
      })),
    });
  }

  /**
   * Subscribes to "a credential can no longer be used for live trading" (deactivated, removed, or its key
   * changed and is being checked again). Called after the change is stored; a listener's error is logged and
   * does not undo the change. Returns the unsubscribe function.
   */
  onCredentialDisabled(listener: CredentialDisabledListener): () => void {
    this.disabledListeners.add(listener);
    return () => this.disabledListeners.delete(listener);
  }

  // ------------------------------------------------------------------ internals

  private async findOwned(userId: OwnerId, id: string): Promise<ExchangeCredentialEntity> {
    if (!UUID.test(id)) throw notFound('exchange_not_found', MESSAGES.exchanges.notFound);
    const row = await this.repo.findOwned(userId, id);
    if (!row) throw notFound('exchange_not_found', MESSAGES.exchanges.notFound);
    return row;
  }

  private async assertWithinPlan(userId: OwnerId, count: () => Promise<number>): Promise<void> {
    const e = await this.entitlements.forUser(userId);
    if (e.maxExchanges === UNLIMITED) return;
    if (e.maxExchanges <= 0) throw forbidden('no_active_plan', MESSAGES.exchanges.noActivePlan);
    const used = await count();
    if (
      !canAddExchange({ max_exchanges: e.maxExchanges, unlimited_exchanges: false, used_exchanges: used })
    ) {
      throw forbidden('exchange_limit_reached', MESSAGES.exchanges.planLimitReached(e.maxExchanges));
    }
  }

  private async setActive(userId: OwnerId, row: ExchangeCredentialEntity, active: boolean): Promise<UserExchange> {
    if (row.isActive !== active) {
      await this.repo.updateOwned(userId, row.id, { isActive: active, updatedAt: new Date() });
    }
    const updated = await this.repo.getOwned(userId, row.id);
    if (row.isActive && !active) await this.notifyDisabled(userId, updated, 'deactivated');
    return this.view(updated);
  }

  private openOrFail(cipher: CredentialCipher, row: ExchangeCredentialEntity) {
    try {
      return cipher.open(row.id, row);
    } catch (e) {
      if (e instanceof CredentialDecryptError) {
        this.logger.error({ credentialId: row.id, keyId: row.keyId }, 'exchange credential does not decrypt');
        throw new AppError(503, 'credentials_storage_unavailable', MESSAGES.exchanges.storageUnavailable);
      }
      throw e;
    }
  }

  private view(row: ExchangeCredentialEntity): UserExchange {
    let apiKey: string | null = null;
    if (this.vault.configured) {
      try {
        apiKey = this.vault.cipher().openApiKey(row.id, row);
      } catch (e) {
        if (!(e instanceof CredentialDecryptError)) throw e;
        this.logger.error({ credentialId: row.id, keyId: row.keyId }, 'exchange credential does not decrypt');
      }
    }
    return toUserExchange(row, apiKey, MESSAGES.exchanges.reasonUndecryptable);
  }

  /** Enqueues the check; a queue failure leaves the credential 'pending' (the user can ask again). */
  private async requestCheck(row: ExchangeCredentialEntity): Promise<void> {
    try {
      await this.checks.enqueue(row.id, row.checkVersion);
    } catch (e) {
      this.logger.error(
        { credentialId: row.id, error: e instanceof Error ? e.message : String(e) },
        'could not enqueue the credential check',
      );
    }
  }

  private async notifyDisabled(
    userId: OwnerId,
    row: ExchangeCredentialEntity,
    reason: CredentialDisabledReason,
  ): Promise<void> {
    if (!isExchangeId(row.exchangeName)) return;
    const event: CredentialDisabledEvent = {
      userId,
      credentialId: row.id,
      exchange: row.exchangeName,
      reason,
      message: `${exchangeInfo(row.exchangeName).displayName}: ${DISABLED_MESSAGES[reason]}`,
    };
    for (const listener of this.disabledListeners) {
      try {
        await listener(event);
      } catch (e) {
        this.logger.error(
          { credentialId: row.id, reason, error: e instanceof Error ? e.message : String(e) },
          'credential-disabled listener failed',
        );
      }
    }
  }
}
