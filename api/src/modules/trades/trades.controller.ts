import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  overviewQuerySchema,
  tradesQuerySchema,
  type OverviewQuery,
  type OverviewResponse,
  type TradesQuery,
  type TradesResponse,
} from '@arbitra/contracts';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import type { AuthenticatedUser } from '../../common/http/request-context.js';
import { validate } from '../../common/pipes/zod-validation.pipe.js';
import { TradesService } from './trades.service.js';

@Controller('trades')
export class TradesController {
  constructor(private readonly trades: TradesService) {}

  @Get()
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Query(validate(tradesQuerySchema)) query: TradesQuery,
  ): Promise<TradesResponse> {
    return this.trades.list(user.id, query);
  }

  /** 'Visão geral': P&L today, 7 and 30 days and since the start, and the equity curve (DECISIONS §13). */
  @Get('overview')
  overview(
    @CurrentUser() user: AuthenticatedUser,
    @Query(validate(overviewQuerySchema)) query: OverviewQuery,
  ): Promise<OverviewResponse> {
    return this.trades.overview(user.id, query.mode);
  }

  /** The whole filtered set as CSV (DECISIONS §9). Page and pageSize are accepted and ignored. */
  @Get('export')
  @Header('Cache-Control', 'no-store')
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Query(validate(tradesQuerySchema)) query: TradesQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    return sendCsv(res, await this.trades.exportCsv(user.id, query));
  }

  /** The second export (issue 15): SPEC's columns plus the USDT/BRL rate and the R$ figures. */
  @Get('export-brl')
  @Header('Cache-Control', 'no-store')
  async exportBrl(
    @CurrentUser() user: AuthenticatedUser,
    @Query(validate(tradesQuerySchema)) query: TradesQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    return sendCsv(res, await this.trades.exportBrlCsv(user.id, query));
  }
}

function sendCsv(res: Response, file: { filename: string; csv: string }): string {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  return file.csv;
}
