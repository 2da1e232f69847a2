import type { OwnerId } from '@arbitra/db';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  parseExchangeInput,
  type Entitlements,
  type ParsedExchangeInput,
} from '@arbitra/contracts';
import type { ApiConfig } from '../../config/config.js';
import { AccountDataRegistry } from '../users/account-data.registry.js';
import {
  entitlementsOf,
  memoryDatabase,
  recordingAudit,
  refusal,
} from '../../../test/support/memory-repositories.js';
import type { CredentialChecksQueue } from './credential-checks.queue.js';
import { CredentialVault } from './credential-vault.js';
import { ExchangeCredentialsService, type CredentialDisabledEvent } from './exchange-credentials.service.js';

// ExchangeCredentialsService against the in-memory repository kit (no database, no engine): secrets sealed at rest,
// the plan's exchange limit, ownership, checks asked of the engine, and what the bots module is told. The real
// Postgres, the engine's check and key rotation are in api/test/exchanges.test.ts.

const KEY = 'AbCdEfGh12345678IjKl';
const SECRET = 'segredo-da-api-0123456789';

function setup(
  ent: Partial<Entitlements> = {},
  keys: string | null = `k1:${randomBytes(32).toString('base64')}`,
) {
  const db = memoryDatabase();
  const audit = recordingAudit();
  const checks: string[] = [];
  const queue = {
    enqueue: async (id: string, version: number) => void checks.push(`${id}@v${version}`),
  } as unknown as CredentialChecksQueue;
  const vault = new CredentialVault({ CREDENTIALS_KEYS: keys ?? undefined } as ApiConfig);
  const accountData = new AccountDataRegistry();
  const service = new ExchangeCredentialsService(
    db.exchangeCredentials,
    vault,
    queue,
    entitlementsOf({ maxExchanges: 2, ...ent }),
    audit.service,
    accountData,
    pino({ level: 'silent' }),
  );
  service.onModuleInit();
  const disabled: CredentialDisabledEvent[] = [];
  service.onCredentialDisabled((e) => void disabled.push(e));
  return { service, rows: db.tables.exchangeCredentials, audit, checks, disabled, accountData };
}

function input(over: Record<string, unknown> = {}): ParsedExchangeInput {
  const parsed = parseExchangeInput(
    { exchange_name: 'binance', api_key: KEY, api_secret: SECRET, ...over },
    { mode: 'create' },
  );
  if (!parsed.success) throw new Error(parsed.message);
  return parsed.data;
}

const U1 = 'u1' as OwnerId;
const U2 = 'u2' as OwnerId;

describe('ExchangeCredentialsService (in-memory repository)', () => {
  it('saves the keys sealed (no plain secret in the row), lists them masked, audits and asks the engine to check', async () => {
    const { service, rows, audit, checks } = setup();
    const saved = await service.create(U1, input());
    expect(saved).toMatchObject({
      exchange_name: 'binance',
      display_name: 'Binance',
      api_key: KEY,
      is_active: true,
      validation_status: 'pending',
    });
    expect(saved).not.toHaveProperty('api_secret');
    const row = rows.get(saved.id)!;
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(audit.actions()).toEqual(['exchange_key_added']);
    expect(JSON.stringify(audit.entries)).not.toContain(KEY);
    expect(checks).toEqual([`${saved.id}@v1`]);
    expect((await service.list(U1)).map((c) => c.id)).toEqual([saved.id]);
    expect(await service.list(U2)).toEqual([]);
  });

  it('one credential per exchange (409), and the plan limit (403 with the plan’s number)', async () => {
    const { service } = setup({ maxExchanges: 2 });
    await service.create(U1, input());
    expect(await refusal(service.create(U1, input()))).toEqual({
      status: 409,
      code: 'exchange_already_connected',
      message: MESSAGES.exchanges.alreadyConnected,
    });
    await service.create(U1, input({ exchange_name: 'bybit' }));
    expect(await refusal(service.create(U1, input({ exchange_name: 'gateio' })))).toEqual({
      status: 403,
      code: 'exchange_limit_reached',
      message: MESSAGES.exchanges.planLimitReached(2),
    });
    expect(await service.planInfo(U1)).toMatchObject({
      max_exchanges: 2,
      used_exchanges: 2,
      unlimited_exchanges: false,
    });
  });

  it('a lapsed plan connects nothing (403 no_active_plan)', async () => {
    const { service, rows } = setup({ maxExchanges: 0, active: false });
    expect(await refusal(service.create(U1, input()))).toMatchObject({
      status: 403,
      code: 'no_active_plan',
    });
    expect(rows.size).toBe(0);
  });

  it("another user's credential is not found (404) on update, revalidate and remove, and is left as it was", async () => {
    const { service, rows } = setup();
    const saved = await service.create(U1, input());
    for (const attempt of [
      service.update(U2, saved.id, { is_active: false }),
      service.revalidate(U2, saved.id),
      service.remove(U2, saved.id),
      service.remove(U1, 'not-a-uuid'),
    ]) {
      expect(await refusal(attempt)).toMatchObject({ status: 404, code: 'exchange_not_found' });
    }
    expect(rows.get(saved.id)?.isActive).toBe(true);
  });

  it('tells the bots module when a credential can no longer trade: deactivated, key changed, removed', async () => {
    const { service, disabled, checks, audit } = setup();
    const saved = await service.create(U1, input());
    await service.update(U1, saved.id, { is_active: false });
    const changed = await service.update(U1, saved.id, {
      api_key: 'ZzYyXxWw98765432VvUu',
      api_secret: SECRET,
    });
    expect(changed).toMatchObject({ api_key: 'ZzYyXxWw98765432VvUu', validation_status: 'pending' });
    expect(checks).toEqual([`${saved.id}@v1`, `${saved.id}@v2`]);
    await service.remove(U1, saved.id);
    expect(disabled.map((e) => e.reason)).toEqual(['deactivated', 'key_changed', 'removed']);
    expect(disabled[0]).toMatchObject({
      userId: U1,
      credentialId: saved.id,
      exchange: 'binance',
      message: `Binance: ${MESSAGES.exchanges.disabledDeactivated}`,
    });
    expect(audit.actions()).toEqual(['exchange_key_added', 'exchange_key_updated', 'exchange_key_removed']);
    expect(await service.list(U1)).toEqual([]);
  });

  it('a live start needs an active, validated credential on every exchange, named in pt-BR (409)', async () => {
    const { service, rows } = setup();
    const saved = await service.create(U1, input());
    const refused = await refusal(service.assertLiveReady(U1, ['binance', 'bybit']));
    expect(refused).toMatchObject({ status: 409, code: 'live_credentials_not_ready' });
    expect(refused.message).toBe(
      MESSAGES.exchanges.liveNotReady(
        `Binance (${MESSAGES.exchanges.livePending}), Bybit (${MESSAGES.exchanges.liveMissing})`,
      ),
    );
    rows.get(saved.id)!.validationStatus = 'valid';
    await expect(service.assertLiveReady(U1, ['binance'])).resolves.toBeUndefined();
  });

  it('the LGPD export lists the credentials without the key', async () => {
    const { service, accountData } = setup();
    await service.create(U1, input());
    const exported = await accountData.exportSections(U1);
    expect(exported.exchanges).toEqual([
      expect.objectContaining({ exchange_name: 'binance', api_key_preview: expect.any(String) as string }),
    ]);
    expect(JSON.stringify(exported)).not.toContain(KEY);
  });

  it('without CREDENTIALS_KEYS nothing is saved (503, pt-BR)', async () => {
    const { service, rows } = setup({}, null);
    expect(await refusal(service.create(U1, input()))).toEqual({
      status: 503,
      code: 'credentials_storage_unavailable',
      message: MESSAGES.exchanges.storageUnavailable,
    });
    expect(rows.size).toBe(0);
  });
});
