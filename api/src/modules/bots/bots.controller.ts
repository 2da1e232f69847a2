import { Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  MESSAGES,
  botRequestSchema,
  botDetailQuerySchema,
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

  @Get()
  list(@CurrentUser() user: AuthenticatedUser): Promise<Bot[]> {
    return this.bots.list(user.id);
  }

  /**
   * `?liveChecklist=true`: with 'Pronto para operar ao vivo' for the bot's exchanges and pairs (asked of an engine);
   * `?include=inventory`: with its 'Inventário' (issue 29).
   */
  @Get(':id')
  detail(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Query(validate(botDetailQuerySchema)) query: BotDetailQuery,
  ): Promise<BotDetail> {
    return this.bots.detail(user.id, id, query);
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
