import { Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  MESSAGES,
  botRequestSchema,
  botDetailQuerySchema,
  botListQuerySchema,
  botActionSchema,
  type AccountRebalanceView,
  type BotAction,
  type BotListQuery,
  type RebalanceResult,
  type Bot,
  type BotDetail,
  type BotInput,
  type BotMutationResponse,
  type BotDetailQuery,
} from '@arbitra/contracts';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import type { AuthenticatedUser } from '../../common/http/request-context.js';
import { BotsService } from './bots.service.js';
import { Action, ValidBody } from '../../common/decorators/action.decorator.js';
import { validate } from '../../common/pipes/zod-validation.pipe.js';

@Controller('bots')
export class BotsController {
  constructor(private readonly bots: BotsService) {}

  /** `?view=rebalance`: the account's rebalancing plan (every bot together, and each bot's) instead of the list. */
  @Get()
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Query(validate(botListQuerySchema)) query: BotListQuery,
  ): Promise<Bot[] | AccountRebalanceView> {
    return query.view === 'rebalance' ? this.bots.accountRebalance(user.id) : this.bots.list(user.id);
  }

  /**
   * `?liveChecklist=true`: with 'Pronto para operar ao vivo' for the bot's exchanges and pairs (asked of an engine);
   * `?include=inventory`: with its 'Inventário' (issue 29);
   * `?include=rebalance`: with its rebalancing plan and transfers (both: `?include=inventory,rebalance`).
   */
  @Get(':id')
  detail(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Query(validate(botDetailQuerySchema)) query: BotDetailQuery,
  ): Promise<BotDetail> {
    return this.bots.detail(user.id, id, query);
  }

  /** An action on the bot: `{ action: 'rebalance', key }` executes a paper bot's plan (issue 29). */
  @Action(':id')
  act(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(botActionSchema) body: BotAction,
  ): Promise<RebalanceResult> {
    return this.bots.executeRebalance(user.id, id, body.key);
  }

  @Post()
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(botRequestSchema) body: BotInput,
  ): Promise<BotMutationResponse> {
    return { message: MESSAGES.bots.created, bot: await this.bots.create(user.id, body) };
  }

  @Put(':id')
  async update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(botRequestSchema) body: BotInput,
  ): Promise<BotMutationResponse> {
    return { message: MESSAGES.bots.updated, bot: await this.bots.update(user.id, id, body) };
  }

  @Delete(':id')
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ message: string }> {
    await this.bots.remove(user.id, id);
    return { message: MESSAGES.bots.deleted };
  }

  @Action(':id/toggle')
  async toggle(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<BotMutationResponse> {
    const bot = await this.bots.toggle(user.id, id);
    return { message: bot.active ? MESSAGES.bots.started : MESSAGES.bots.stopped, bot };
  }
}
