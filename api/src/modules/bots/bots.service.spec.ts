import type { OwnerId } from '@arbitra/db';
import type { RebalanceService } from './rebalance.service.js';
import { describe, expect, it } from 'vitest';
import { MESSAGES, parseBot, type BotInput, type Entitlements, type LiveChecklist } from '@arbitra/contracts';
import type { EngineCommandsService } from '../engine-link/engine-commands.service.js';
import type { ExchangeCredentialsService } from '../exchanges/exchange-credentials.service.js';
import type { TradesService } from '../trades/trades.service.js';
import { AccountDataRegistry } from '../users/account-data.registry.js';
import { entitlementsOf, memoryDatabase, refusal } from '../../../test/support/memory-repositories.js';
import type { BotCommandsService } from './bot-commands.service.js';
import { BotsService } from './bots.service.js';
import type { BotInventoryService } from './bot-inventory.service.js';

// BotsService against the in-memory repository kit (api/test/support/memory-repositories.ts; no database): plan limits, ownership, commands to the engine.

/** The engine's answer to 'live-checklist' (the engine's own checks are tested in engine/src/credentials). */
const READY: LiveChecklist = { ready: true, checkedAt: '2026-11-28T00:00:00Z', exchanges: [] };

function setup(ent: Partial<Entitlements> = {}, checklist: LiveChecklist = READY) {
  const db = memoryDatabase();
  const bots = { rows: db.tables.bots, repo: db.bots };
  const sent: string[] = [];
  const entitlements = entitlementsOf({
    maxBots: 1,
    canUseAdvancedStrategies: false,
    canUseBrlPairs: false,
    ...ent,
  });
  const commands = {
    send: async (action: string, botId: string) => void sent.push(`${action}:${botId}`),
  } as unknown as BotCommandsService;
  let onDisabled: Parameters<ExchangeCredentialsService['onCredentialDisabled']>[0] | undefined;
  const credentials = {
    assertLiveReady: async () => undefined,
    onCredentialDisabled: (l: typeof onDisabled) => {
      onDisabled = l;
      return () => undefined;
    },
  } as unknown as ExchangeCredentialsService;
  const service = new BotsService(
    bots.repo,
    entitlements,
    commands,
    {} as TradesService,
    credentials,
    new AccountDataRegistry(),
    { liveChecklist: async () => checklist } as unknown as EngineCommandsService,
    {} as BotInventoryService,
    {} as RebalanceService,
  );
  service.onModuleInit();
  return {
    service,
    bots,
    sent,
    disable: (e: Parameters<NonNullable<typeof onDisabled>>[0]) => onDisabled!(e),
  };
}

function input(over: Record<string, unknown> = {}): BotInput {
  const parsed = parseBot({
    name: 'Arbitragem BTC',
    strategy: 'arbitrage',
    pairs: ['BTC/USDT'],
    exchanges: ['binance', 'gateio'],
    riskLevel: 'medium',
    maxInvestment: 1000,
    minProfitPercent: 0.5,
    active: true,
    mode: 'paper',
    ...over,
  });
  if (!parsed.success) throw new Error(parsed.message);
  return parsed.data;
}

const U1 = 'u1' as OwnerId;
const U2 = 'u2' as OwnerId;

describe('BotsService (in-memory repository)', () => {
  it('creates a running bot and tells the engine; the plan limit refuses the next one (403)', async () => {
    const { service, sent } = setup({ maxBots: 1 });
    const bot = await service.create(U1, input());
    expect(bot).toMatchObject({ name: 'Arbitragem BTC', status: 'running', active: true, totalProfit: 0 });
    expect(sent).toEqual([`start:${bot.id}`]);
    expect(await refusal(service.create(U1, input({ name: 'Outro' })))).toMatchObject({
      status: 403,
      code: 'bot_limit_reached',
    });
    expect(await service.list(U1)).toHaveLength(1);
  });

  it("another user's bot is not found (404), and is not changed", async () => {
    const { service } = setup();
    const bot = await service.create(U1, input());
    expect(await refusal(service.get(U2, bot.id))).toMatchObject({ status: 404, code: 'bot_not_found' });
    expect(await refusal(service.toggle(U2, bot.id))).toMatchObject({ status: 404, code: 'bot_not_found' });
    expect((await service.get(U1, bot.id)).active).toBe(true);
  });

  it('an advanced strategy needs a plan that allows it', async () => {
    const { service } = setup({ canUseAdvancedStrategies: false });
    expect(await refusal(service.create(U1, input({ strategy: 'statistical' })))).toMatchObject({
      status: 403,
      code: 'advanced_strategies_required',
    });
  });

  it('a disabled credential stops the live bots on that exchange with its reason', async () => {
    const { service, bots, sent, disable } = setup({ maxBots: 5 });
    const live = await service.create(U1, input({ mode: 'live', confirmLive: true }));
    const paper = await service.create(U1, input({ name: 'Papel' }));
    await disable({
      userId: U1,
      credentialId: 'c1',
      exchange: 'gateio',
      reason: 'deactivated',
      message: 'Gate.io: credencial desativada',
    });
    expect(bots.rows.get(live.id)).toMatchObject({
      active: false,
      status: 'error',
      statusReason: 'Gate.io: credencial desativada',
    });
    expect(bots.rows.get(paper.id)).toMatchObject({ active: true, status: 'running' });
    expect(sent).toContain(`stop:${live.id}`);
  });

  it("refuses 'Modo real' while an item of 'Pronto para operar ao vivo' fails, naming it", async () => {
    const failing: LiveChecklist = {
      ready: false,
      checkedAt: '2026-11-28T00:00:00Z',
      exchanges: [
        {
          exchange: 'binance',
          displayName: 'Binance',
          ready: false,
          items: [
            { id: 'key_valid', label: 'Chave válida', status: 'ok', reason: 'ok', action: null },
            {
              id: 'withdrawals_disabled',
              label: 'Saques não permitidos',
              status: 'failed',
              reason: MESSAGES.liveChecklist.withdrawAllowed,
              action: MESSAGES.liveChecklist.withdrawAllowedAction,
            },
          ],
        },
      ],
    };
    const { service, bots } = setup({ maxBots: 5 }, failing);
    const refused = await refusal(service.create(U1, input({ mode: 'live', confirmLive: true })));
    expect(refused).toMatchObject({ status: 409, code: 'live_checklist_failed' });
    expect(refused.message).toBe(
      MESSAGES.liveChecklist.notReady(
        `Binance — Saques não permitidos: ${MESSAGES.liveChecklist.withdrawAllowed}`,
      ),
    );
    expect(bots.rows.size).toBe(0);
    // A paper bot switched to live: refused too, and stays paper.
    const paper = await service.create(U1, input({ name: 'Papel' }));
    await refusal(service.update(U1, paper.id, input({ name: 'Papel', mode: 'live', confirmLive: true })));
    expect(bots.rows.get(paper.id)).toMatchObject({ mode: 'paper' });
  });
});
