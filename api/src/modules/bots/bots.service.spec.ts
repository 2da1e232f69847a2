import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseBot, type BotInput, type Entitlements } from '@arbitra/contracts';
import type { BotEntity, BotsRepository } from '@arbitra/db';
import { AppError } from '../../common/errors/app-error.js';
import type { ExchangeCredentialsService } from '../exchanges/exchange-credentials.service.js';
import type { EntitlementsService } from '../subscriptions/entitlements.service.js';
import type { TradesService } from '../trades/trades.service.js';
import { AccountDataRegistry } from '../users/account-data.registry.js';
import type { BotCommandsService } from './bot-commands.service.js';
import { BotsService } from './bots.service.js';

// BotsService against an in-memory BotsRepository (no database): plan limits, ownership, commands to the engine.

/** The bots table in memory, with the methods BotsService uses. */
function memoryBots() {
  const rows = new Map<string, BotEntity>();
  const mine = (userId: string) => [...rows.values()].filter((b) => b.userId === userId);
  const repo: Partial<BotsRepository> = {
    listForUser: async (userId) => mine(userId),
    findOwned: async (userId, id) => {
      const b = rows.get(id);
      return b && b.userId === userId ? b : null;
    },
    createChecked: async (userId, values, check) => {
      await check(async () => mine(userId).length);
      const now = new Date();
      const bot = {
        ...values,
        id: randomUUID(),
        userId,
        totalTrades: 0,
        totalProfit: '0',
        totalProfitBrl: '0',
        profitPercent: '0',
        initialCapital: null,
        consecutiveFailures: 0,
        nakedExposure: {},
        createdAt: now,
        updatedAt: now,
      } as BotEntity;
      rows.set(bot.id, bot);
      return bot;
    },
    updateOwned: async (userId, id, patch) => {
      const b = rows.get(id);
      if (b && b.userId === userId) rows.set(id, { ...b, ...patch });
    },
    deleteOwned: async (userId, id) => {
      if (rows.get(id)?.userId === userId) rows.delete(id);
    },
    activeLiveOn: async (userId, exchange) =>
      mine(userId).filter((b) => b.mode === 'live' && b.active && b.exchanges.includes(exchange)),
    stopWithError: async (botId, reason) => {
      const b = rows.get(botId);
      if (b) rows.set(botId, { ...b, active: false, status: 'error', statusReason: reason });
    },
  };
  return { rows, repo: repo as BotsRepository };
}

function setup(ent: Partial<Entitlements> = {}) {
  const bots = memoryBots();
  const sent: string[] = [];
  const entitlements = {
    forUser: async () => ({
      active: true,
      canRunBots: true,
      maxBots: 1,
      canUseAdvancedStrategies: false,
      ...ent,
    }),
  } as unknown as EntitlementsService;
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

async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string }> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return { status: (e as AppError).status, code: (e as AppError).code };
}

describe('BotsService (in-memory repository)', () => {
  it('creates a running bot and tells the engine; the plan limit refuses the next one (403)', async () => {
    const { service, sent } = setup({ maxBots: 1 });
    const bot = await service.create('u1', input());
    expect(bot).toMatchObject({ name: 'Arbitragem BTC', status: 'running', active: true, totalProfit: 0 });
    expect(sent).toEqual([`start:${bot.id}`]);
    expect(await refusal(service.create('u1', input({ name: 'Outro' })))).toEqual({
      status: 403,
      code: 'bot_limit_reached',
    });
    expect(await service.list('u1')).toHaveLength(1);
  });

  it("another user's bot is not found (404), and is not changed", async () => {
    const { service } = setup();
    const bot = await service.create('u1', input());
    expect(await refusal(service.get('u2', bot.id))).toEqual({ status: 404, code: 'bot_not_found' });
    expect(await refusal(service.toggle('u2', bot.id))).toEqual({ status: 404, code: 'bot_not_found' });
    expect((await service.get('u1', bot.id)).active).toBe(true);
  });

  it('an advanced strategy needs a plan that allows it', async () => {
    const { service } = setup({ canUseAdvancedStrategies: false });
    expect(await refusal(service.create('u1', input({ strategy: 'statistical' })))).toMatchObject({
      status: 403,
      code: 'advanced_strategies_required',
    });
  });

  it('a disabled credential stops the live bots on that exchange with its reason', async () => {
    const { service, bots, sent, disable } = setup({ maxBots: 5 });
    const live = await service.create('u1', input({ mode: 'live', confirmLive: true }));
    const paper = await service.create('u1', input({ name: 'Papel' }));
    await disable({
      userId: 'u1',
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
});
