import { Controller, Get, Header, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  taxCsvQuerySchema,
  taxExchangeUpdateSchema,
  taxReportQuerySchema,
  taxYearQuerySchema,
  type TaxExchangeClassification,
  type TaxExchangeUpdate,
  type TaxMonthReport,
  type TaxMonthsResponse,
  type TaxReportQuery,
  type TaxYearReport,
} from '@arbitra/contracts';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import type { AuthenticatedUser } from '../../common/http/request-context.js';
import { validate } from '../../common/pipes/zod-validation.pipe.js';
import { TaxService } from './tax.service.js';
import { ValidBody } from '../../common/decorators/action.decorator.js';

/** The 'Impostos' report (issue 15 §3, §4): the signed-in user's own live trades only. */
@Controller('tax')
export class TaxController {
  constructor(private readonly tax: TaxService) {}

  /** The months of a year with live operations, each with its sales, gain, tax and flags. */
  @Get('months')
  months(
    @CurrentUser() user: AuthenticatedUser,
    @Query(validate(taxYearQuerySchema)) q: { year: number },
  ): Promise<TaxMonthsResponse> {
    return this.tax.months(user.id, q.year);
  }

  /** A month's report (São Paulo month): meter, gain per asset, DARF, DeCripto, a page of its operations. */
  @Get('report')
  report(
    @CurrentUser() user: AuthenticatedUser,
    @Query(validate(taxReportQuerySchema)) q: TaxReportQuery,
  ): Promise<TaxMonthReport> {
    return this.tax.report(user.id, q);
  }

  /** A month's operations as CSV for the accountant. */
  @Get('report.csv')
  @Header('Cache-Control', 'no-store')
  async csv(
    @CurrentUser() user: AuthenticatedUser,
    @Query(validate(taxCsvQuerySchema)) q: { month: string },
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const { filename, csv } = await this.tax.csv(user.id, q.month);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    return csv;
  }

  /** The year: balance per asset at cost on 31/12 ('Bens e Direitos') and the months. */
  @Get('year')
  year(
    @CurrentUser() user: AuthenticatedUser,
    @Query(validate(taxYearQuerySchema)) q: { year: number },
  ): Promise<TaxYearReport> {
    return this.tax.year(user.id, q.year);
  }

  /** Each exchange: reports to the Receita or not (default and the user's choice). */
  @Get('exchanges')
  exchanges(@CurrentUser() user: AuthenticatedUser): Promise<TaxExchangeClassification[]> {
    return this.tax.exchanges(user.id);
  }

  @Put('exchanges')
  setExchange(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(taxExchangeUpdateSchema) body: TaxExchangeUpdate,
  ): Promise<TaxExchangeClassification[]> {
    return this.tax.setExchange(user.id, body);
  }
}
