import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  ADVANCED_STRATEGIES,
  MESSAGES,
  isBrlPair,
  UNLIMITED,
  type Bot,
  type BotDetail,
  type BotDetailQuery,
  type BotInput,
  type ExchangeId,
  type LiveChecklist,
  type LiveChecklistRequest,
  type AccountRebalanceView,
  type RebalanceResult,
  toBot,
} from '@arbitra/contracts';
import { BotsRepository, type BotEntity } from '@arbitra/db';
import { AppError, forbidden, notFound } from '../../common/errors/app-error.js';
import { EngineCommandsService } from '../engine-link/engine-commands.service.js';
import { EntitlementsService } from '../subscriptions/entitlements.service.js';
import {
  ExchangeCredentialsService,
  type CredentialDisabledEvent,
} from '../exchanges/exchange-credentials.service.js';
import { TradesService } from '../trades/trades.service.js';
import { AccountDataRegistry } from '../users/account-data.registry.js';
import { BotCommandsService } from './bot-commands.service.js';
import { BotInventoryService } from './bot-inventory.service.js';
import { botColumns } from './bot.mapper.js';
import type { OwnerId } from '@arbitra/db';
import { RebalanceService } from './rebalance.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const M = MESSAGES.bots;

/**
 * Bots of one user. Ownership: every read and write is keyed by (id, user id); another user's bot is 404.
 * Plan limits from EntitlementsService (403). Each change is sent to the engine as a bot command.
 */
@Injectable()
export class BotsService implements OnModuleInit {
  private readonly logger = new Logger(BotsService.name);

  constructor(
    private readonly bots: BotsRepository,
    private readonly entitlements: EntitlementsService,
    private readonly commands: BotCommandsService,
    private readonly trades: TradesService,
    private readonly credentials: ExchangeCredentialsService,
    private readonly accountData: AccountDataRegistry,
    private readonly engine: EngineCommandsService,
    private readonly inventory: BotInventoryService,
    private readonly rebalance: RebalanceService,
  ) {}

  onModuleInit(): void {
    this.credentials.onCredentialDisabled((event) => this.stopLiveBotsUsing(event));
    // LGPD (DECISIONS §5): the export holds the user's bots and trades; 'Excluir conta' stops the bots first.
    this.accountData.addExporter('bots', (userId) => this.list(userId));
    this.accountData.addExporter('trades', (userId) => this.trades.exportAllForUser(userId));
    this.accountData.beforeDelete((userId) => this.stopAllForDeletion(userId));
  }

  /**
   * Before an account is deleted: every bot of the user is deactivated and the engine is told 'delete'
   * (it drops the bot from memory), so nothing trades while the rows go by FK cascade.
   */
  async stopAllForDeletion(userId: OwnerId): Promise<void> {
    const bots = await this.bots.stopAllOf(userId);
    for (const bot of bots) await this.command('delete', bot);
  }

  /**
   * Every running bot of the user, paper and live, stops with `reason` shown on it (an account disabled by an admin,
   * a lapsed subscription: 'Assinatura vencida'); the engines drop them on the 'stop' command. Nothing is deleted.
   * Returns the ids of the bots stopped.
   */
  async stopAllForUser(userId: OwnerId, reason: string): Promise<{ id: string; name: string }[]> {
    const stopped = await this.bots.stopActiveOf(userId, reason);
    for (const bot of stopped) await this.command('stop', bot);
    return stopped.map((b) => ({ id: b.id, name: b.name }));
  }

  /** Running bots of the user (plan changes compare them with the new plan's limit). */
  async countRunning(userId: OwnerId): Promise<number> {
    return this.bots.countActiveOf(userId);
  }

  /** A live bot cannot trade without its credential: deactivating, removing or changing one stops them. */
  async stopLiveBotsUsing(event: CredentialDisabledEvent): Promise<void> {
    const bots = await this.bots.activeLiveOn(event.userId, event.exchange);
    for (const bot of bots) {
      await this.bots.stopWithError(bot.id, event.message, event.userId);
      await this.command('stop', bot);
    }
  }

  async list(userId: OwnerId): Promise<Bot[]> {
    const rows = await this.bots.listForUser(userId);
    return rows.map(toBot);
  }

  async get(userId: OwnerId, id: string): Promise<Bot> {
    return toBot(await this.owned(userId, id));
  }

  async detail(
    userId: OwnerId,
    id: string,
    { liveChecklist: withLiveChecklist = false, include = [] }: Partial<BotDetailQuery> = {},
  ): Promise<BotDetail> {
    const bot = await this.owned(userId, id);
    // The plan first: it credits the transfers that arrived, so the balances below include them.
    const rebalance = include.includes('rebalance') ? await this.rebalance.forBot(userId, bot) : undefined;
    const [recentTrades, curve, balances, liveChecklist, inventory] = await Promise.all([
      this.trades.recentForBot(userId, id),
      this.trades.equityForBot(userId, id),
      this.bots.balances(userId, id),
      withLiveChecklist ? this.liveChecklist(userId, { exchanges: bot.exchanges, pairs: bot.pairs }) : undefined,
      include.includes('inventory') ? this.inventory.of(userId, bot) : undefined,
    ]);
    return {
      bot: toBot(bot),
      equity: curve.equity,
      recentTrades,
      balances: balances.map((b) => ({
        exchange: b.exchange,
        asset: b.asset,
        amount: b.amount,
        initial: b.initial,
      })),
      expectedProfit: curve.expectedProfit,
      realisedProfit: curve.realisedProfit,
      expectedProfitBrl: curve.expectedProfitBrl,
      realisedProfitBrl: curve.realisedProfitBrl,
      ...(liveChecklist ? { liveChecklist } : {}),
      ...(inventory ? { inventory } : {}),
      ...(rebalance ? { rebalance } : {}),
    };
  }

  /** The account's rebalancing plan: every bot's holdings and targets together (issue 29). */
  accountRebalance(userId: OwnerId): Promise<AccountRebalanceView> {
    return this.rebalance.forAccount(userId);
  }

  /** 'Rebalancear': a paper bot's plan executed as simulated transfers (409 for a live bot: Arbitra never withdraws). */
  async executeRebalance(userId: OwnerId, id: string, key: string): Promise<RebalanceResult> {
    return this.rebalance.execute(userId, await this.owned(userId, id), key);
  }

  async create(userId: OwnerId, input: BotInput): Promise<Bot> {
    await this.checkStrategy(userId, input.strategy);
    await this.checkPairs(userId, input.pairs);
    if (input.mode === 'live') await this.assertLiveChecklist(userId, input);
    // Read before the lock: inside it, a query on the pool (not the transaction) would wait for a connection
    // that the requests queued on the lock hold — 10 parallel creations by one user (the pool's size) deadlocked.
    const ent = await this.entitlements.forUser(userId);
    if (!ent.active || !ent.canRunBots) throw forbidden('plan_inactive', M.noActivePlan);
    // One creation at a time per user, so two parallel requests cannot both pass the limit.
    const bot = await this.bots.createChecked(
      userId,
      { ...botColumns(input), status: input.active ? 'running' : 'stopped', statusReason: null },
      async (count) => {
        if (ent.maxBots !== UNLIMITED && (await count()) >= ent.maxBots)
          throw forbidden('bot_limit_reached', M.limitReached(ent.maxBots));
      },
    );
    if (bot.active) await this.command('start', bot);
    return toBot(await this.owned(userId, bot.id));
  }

  async update(userId: OwnerId, id: string, input: BotInput): Promise<Bot> {
    const existing = await this.owned(userId, id);
    await this.checkStrategy(userId, input.strategy);
    await this.checkPairs(userId, input.pairs);
    if (input.active) await this.checkCanRun(userId);
    if (input.mode === 'live') {
      // Switching to 'Modo real' (or changing what a live bot trades on) needs the whole checklist.
      const same = (a: readonly string[], b: readonly string[]) =>
        a.length === b.length && a.every((x) => b.includes(x));
      if (existing.mode !== 'live' || !same(existing.exchanges, input.exchanges) || !same(existing.pairs, input.pairs))
        await this.assertLiveChecklist(userId, input);
      else await this.assertLiveReady(userId, input.exchanges);
    }
    const keepError = !input.active && existing.status === 'error';
    await this.bots.updateOwned(userId, id, {
        ...botColumns(input),
        status: input.active ? 'running' : keepError ? 'error' : 'stopped',
        statusReason: keepError ? existing.statusReason : null,
        ...(input.active && !existing.active ? { consecutiveFailures: 0 } : {}),
    });
    const bot = await this.owned(userId, id);
    await this.command('update', bot);
    return toBot(bot);
  }

  async remove(userId: OwnerId, id: string): Promise<void> {
    const bot = await this.owned(userId, id);
    await this.bots.deleteOwned(userId, id);
    await this.command('delete', bot);
  }

  /** Starts a stopped (or failed) bot, stops a running one (SPEC §4). */
  async toggle(userId: OwnerId, id: string): Promise<Bot> {
    const existing = await this.owned(userId, id);
    const start = !existing.active;
    if (start) {
      await this.checkCanRun(userId);
      await this.checkStrategy(userId, existing.strategy);
      await this.checkPairs(userId, existing.pairs);
      if (existing.mode === 'live') await this.assertLiveReady(userId, existing.exchanges);
    }
    await this.bots.updateOwned(
      userId,
      id,
      start
        ? { active: true, status: 'running', statusReason: null, consecutiveFailures: 0 }
        : { active: false, status: 'stopped', statusReason: null },
    );
    const bot = await this.owned(userId, id);
    await this.command(start ? 'start' : 'stop', bot);
    return toBot(bot);
  }

  private async owned(userId: OwnerId, id: string): Promise<BotEntity> {
    const bot = UUID.test(id) ? await this.bots.findOwned(userId, id) : null;
    if (!bot) throw notFound('bot_not_found', M.notFound);
    return bot;
  }

  private async checkStrategy(userId: OwnerId, strategy: BotInput['strategy']): Promise<void> {
    if (!ADVANCED_STRATEGIES.includes(strategy)) return;
    const ent = await this.entitlements.forUser(userId);
    if (!ent.canUseAdvancedStrategies)
      throw forbidden('advanced_strategies_required', M.advancedStrategiesRequired);
  }

  /** DECISIONS §12: BRL pairs are a Profissional/Enterprise feature (403 with the pt-BR reason otherwise). */
  private async checkPairs(userId: OwnerId, pairs: readonly string[]): Promise<void> {
    if (!pairs.some(isBrlPair)) return;
    const ent = await this.entitlements.forUser(userId);
    if (!ent.canUseBrlPairs) throw forbidden('brl_pairs_required', M.brlPairsRequired);
  }

  private async checkCanRun(userId: OwnerId): Promise<void> {
    const ent = await this.entitlements.forUser(userId);
    if (!ent.active || !ent.canRunBots) throw forbidden('plan_inactive', M.noActivePlan);
  }

  /** DECISIONS §8: live needs validated credentials on every exchange of the bot (the exchanges module decides). */
  private async assertLiveReady(userId: OwnerId, exchanges: readonly ExchangeId[]): Promise<void> {
    await this.credentials.assertLiveReady(userId, exchanges);
  }

  /**
   * 'Pronto para operar ao vivo' for some exchanges and pairs of the user, checked by an engine with each exchange
   * (engine-commands 'live-checklist'). 503 when no engine answers in time.
   */
  async liveChecklist(userId: OwnerId, request: LiveChecklistRequest): Promise<LiveChecklist> {
    try {
      return await this.engine.liveChecklist(userId, request);
    } catch (e) {
      this.logger.warn(`live checklist for ${userId} not answered: ${(e as Error).message}`);
      throw new AppError(503, 'engine_unavailable', MESSAGES.liveChecklist.engineUnavailable);
    }
  }

  /** Refuses 'Modo real' (409, pt-BR, the checklist in `details`) while an item of the checklist fails. */
  private async assertLiveChecklist(userId: OwnerId, input: { exchanges: ExchangeId[]; pairs: string[] }): Promise<void> {
    await this.assertLiveReady(userId, input.exchanges);
    const checklist = await this.liveChecklist(userId, { exchanges: input.exchanges, pairs: input.pairs });
    if (checklist.ready) return;
    const failed = checklist.exchanges.flatMap((e) =>
      e.items.filter((i) => i.status === 'failed').map((i) => `${e.displayName} — ${i.label}: ${i.reason}`),
    );
    throw new AppError(409, 'live_checklist_failed', MESSAGES.liveChecklist.notReady(failed[0] ?? ''), { checklist });
  }

  private async command(action: 'start' | 'stop' | 'update' | 'delete', bot: BotEntity): Promise<void> {
    try {
      await this.commands.send(action, bot.id, bot.userId);
    } catch (e) {
      // The row is saved; the engine also reloads running bots at start. Log, do not fail the request.
      this.logger.error(`bot command ${action} for ${bot.id} not queued: ${(e as Error).message}`);
    }
  }
}
