import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  MESSAGES,
  createExchangeRequestSchema,
  type ExchangeSaveResponse,
  type MessageResponse,
  type ParsedExchangeInput,
  type PlanExchangeInfo,
  type UserExchange,
} from '@arbitra/contracts';
import { Client } from '../../common/decorators/client.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { ExchangeCredentialsService } from './exchange-credentials.service.js';
import { ValidBody } from '../../common/decorators/action.decorator.js';

/** SPEC §7: the user's exchange credentials. Ownership: another user's id is a 404 on every verb. */
@Controller('user')
export class UserExchangesController {
  constructor(private readonly credentials: ExchangeCredentialsService) {}

  @Get('plan-exchange-info')
  planInfo(@CurrentUser() user: AuthenticatedUser): Promise<PlanExchangeInfo> {
    return this.credentials.planInfo(user.id);
  }

  @Get('exchanges')
  list(@CurrentUser() user: AuthenticatedUser): Promise<UserExchange[]> {
    return this.credentials.list(user.id);
  }

  @Post('exchanges')
  @HttpCode(201)
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(createExchangeRequestSchema) body: ParsedExchangeInput,
    @Client() client: ClientInfo,
  ): Promise<ExchangeSaveResponse> {
    const exchange = await this.credentials.create(user.id, body, client);
    return { message: MESSAGES.exchanges.added, exchange };
  }

  /** The full body, or only `{ is_active }` (the toggle). Validated after the ownership lookup. */
  @Put('exchanges/:id')
  async update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: unknown,
    @Client() client: ClientInfo,
  ): Promise<ExchangeSaveResponse> {
    const exchange = await this.credentials.update(user.id, id, body, client);
    return { message: MESSAGES.exchanges.updated, exchange };
  }

  @Delete('exchanges/:id')
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Client() client: ClientInfo,
  ): Promise<MessageResponse> {
    await this.credentials.remove(user.id, id, client);
    return { message: MESSAGES.exchanges.removed };
  }

  /** 'Validar novamente': asks the engine to check the credential with the exchange again. */
  @Post('exchanges/:id/validate')
  @HttpCode(202)
  async revalidate(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<ExchangeSaveResponse> {
    const exchange = await this.credentials.revalidate(user.id, id);
    return { message: MESSAGES.exchanges.revalidating, exchange };
  }
}
