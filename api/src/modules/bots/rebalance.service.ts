import { Inject, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  feeBrl,
  planRebalance,
  sumHoldings,
  targetFromInitialSplit,
  type AccountRebalanceView,
  type ExchangeId,
  type Holding,
  type RebalancePlan,
  type RebalanceResult,
  type RebalanceView,
  type TransferView,
} from '@arbitra/contracts';
import { BotsRepository, TransfersRepository, type BotEntity, type OwnerId } from '@arbitra/db';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { AppError, conflict } from '../../common/errors/app-error.js';
import { MarketStateService } from '../market/market-state.service.js';

const M = MESSAGES.rebalance;

/** A bot's holdings (with what is in transit counted where it will arrive) and its starting split. */
interface BotBook {
  holdings: Holding[];
  initial: Holding[];
  inTransit: TransferView[];
  recent: TransferView[];
}

/**
 * Rebalancing (issue 29, items 2 and 4): the plan of a bot or of the account (contracts' `planRebalance` on the
 * bot's balances, the target being its starting split scaled to today's totals), valued with the engine's latest
 * prices and USDT/BRL, on the transfer-fee table an engine refreshed through ccxt or the shipped one; and a paper
 * bot's 'Rebalancear', written by the ledger's TransfersRepository. Ownership is the caller's (BotsService).
 */
@Injectable()
export class RebalanceService {
  constructor(
    private readonly bots: BotsRepository,
    private readonly transfers: TransfersRepository,
    private readonly market: MarketStateService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async forBot(owner: OwnerId, bot: BotEntity): Promise<RebalanceView> {
    const book = await this.book(owner, bot);
    const plan = this.plan(book.holdings, targetFromInitialSplit(book.holdings, book.initial));
    return this.view(plan, book.inTransit, book.recent);
  }

  async forAccount(userId: OwnerId): Promise<AccountRebalanceView> {
    await this.transfers.settleDue({ userId });
    const bots = await this.bots.listForUser(userId);
    const books = await Promise.all(bots.map((b) => this.book(userId, b, false)));
    const perBot = bots.map((b, i) => {
      const { holdings, initial } = books[i]!;
      const target = targetFromInitialSplit(holdings, initial);
      return { bot: b, holdings, target, plan: this.plan(holdings, target) };
    });
    const plan = this.plan(
      sumHoldings(...perBot.map((p) => p.holdings)),
      sumHoldings(...perBot.map((p) => p.target)),
    );
    const moves = await this.transfers.recent(userId, null);
    return {
      ...this.view(plan, moves.inTransit, moves.recent),
      bots: perBot.map((p) => ({ botId: p.bot.id, botName: p.bot.name, mode: p.bot.mode, plan: p.plan })),
    };
  }

  /** 'Rebalancear' of a paper bot: its plan's transfers start now; `key` makes a retry (double click) harmless. */
  async execute(owner: OwnerId, bot: BotEntity, key: string): Promise<RebalanceResult> {
    if (bot.mode === 'live') throw conflict('live_bot_no_withdrawals', M.liveRefused);
    const done = await this.transfers.forKey(owner, key);
    if (done.length > 0) return { message: M.alreadyExecuted, executed: false, transfers: done };
    const book = await this.book(owner, bot);
    const plan = this.plan(book.holdings, targetFromInitialSplit(book.holdings, book.initial));
    if (book.inTransit.length > 0 || plan.transfers.length === 0) {
      // A concurrent request with the same key may have written while this one read (its transfers are in transit).
      const written = await this.transfers.forKey(owner, key);
      if (written.length > 0) return { message: M.alreadyExecuted, executed: false, transfers: written };
      if (book.inTransit.length > 0) throw conflict('transfers_in_transit', M.inTransit);
      throw new AppError(422, 'nothing_to_rebalance', M.nothingToDo);
    }
    const seconds = this.config.PAPER_TRANSFER_SECONDS;
    const r = await this.transfers.rebalance({
      userId: owner,
      botId: bot.id,
      key,
      transfers: plan.transfers,
      table: plan.table,
      usdtBrl: this.market.usdtBrl(),
      ...(seconds !== undefined ? { arrivalMs: Math.round(seconds * 1000) } : {}),
    });
    switch (r.outcome) {
      case 'executed':
        return { message: M.executed(r.transfers.length), executed: true, transfers: r.transfers };
      case 'already':
        return { message: M.alreadyExecuted, executed: false, transfers: r.transfers };
      case 'in_transit':
        throw conflict('transfers_in_transit', M.inTransit);
      case 'insufficient':
        throw conflict('balance_changed', M.balanceChanged);
      case 'busy':
        throw new AppError(503, 'bot_busy', M.busy);
      case 'not_found':
        throw new AppError(404, 'bot_not_found', MESSAGES.bots.notFound);
    }
  }

  private async book(owner: OwnerId, bot: BotEntity, settle = true): Promise<BotBook> {
    if (settle) await this.transfers.settleDue({ botId: bot.id });
    const [balances, moves] = await Promise.all([
      this.bots.balances(owner, bot.id),
      this.transfers.recent(owner, bot.id),
    ]);
    const held: Holding[] = balances.map((b) => [b.exchange as ExchangeId, b.asset, b.amount]);
    const arriving: Holding[] = moves.inTransit.map((t) => [t.to, t.asset, t.received]);
    return {
      holdings: sumHoldings(held, arriving),
      initial: balances.map((b) => [b.exchange as ExchangeId, b.asset, b.initial]),
      inTransit: moves.inTransit,
      recent: moves.recent,
    };
  }

  private plan(holdings: readonly Holding[], target: readonly Holding[]): RebalancePlan {
    const now = Date.now();
    return planRebalance(holdings, target, this.market.transferFeeTable(), (asset) =>
      this.market.priceUsdt(asset, now),
    );
  }

  private view(plan: RebalancePlan, inTransit: TransferView[], recent: TransferView[]): RebalanceView {
    const usdtBrl = this.market.usdtBrl();
    return { plan, totalFeeBrl: feeBrl(plan.totalFeeUsdt, usdtBrl), usdtBrl, inTransit, recent };
  }
}
