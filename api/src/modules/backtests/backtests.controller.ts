import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import {
  MESSAGES,
  hasForbiddenCharacters,
  parseBacktestRequest,
  type Backtest,
  type BacktestDetail,
  type BacktestOptions,
} from '@arbitra/contracts';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { badRequest } from '../../common/errors/app-error.js';
import type { AuthenticatedUser } from '../../common/http/request-context.js';
import { BacktestsService } from './backtests.service.js';
import { Action } from '../../common/decorators/action.decorator.js';

/** 'Simular' (issue 14): backtests of the signed-in user. */
@Controller('backtests')
export class BacktestsController {
  constructor(private readonly backtests: BacktestsService) {}

  @Get()
  list(@CurrentUser() user: AuthenticatedUser): Promise<Backtest[]> {
    return this.backtests.list(user.id);
  }

  /** What the 'Simular' form offers: the replay files a backtest can use, the measured latency a run defaults to. */
  @Get('options')
  options(): Promise<BacktestOptions> {
    return this.backtests.options();
  }

  @Get(':id')
  get(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<BacktestDetail> {
    return this.backtests.get(user.id, id);
  }

  @Post()
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: unknown,
  ): Promise<{ message: string; backtest: Backtest }> {
    if (hasForbiddenCharacters(body))
      throw badRequest('invalid_characters', MESSAGES.validation.invalidCharacters);
    const parsed = parseBacktestRequest(body ?? {});
    if (!parsed.success) throw badRequest('validation_failed', parsed.message);
    return {
      message: MESSAGES.backtests.created,
      backtest: await this.backtests.create(user.id, parsed.data),
    };
  }

  @Action(':id/cancel')
  async cancel(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ message: string; backtest: BacktestDetail }> {
    return { message: MESSAGES.backtests.canceled, backtest: await this.backtests.cancel(user.id, id) };
  }

  @Delete(':id')
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ message: string }> {
    await this.backtests.remove(user.id, id);
    return { message: MESSAGES.backtests.deleted };
  }
}
