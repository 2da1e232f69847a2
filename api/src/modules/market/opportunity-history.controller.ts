import { Controller, Get, Header, Query } from '@nestjs/common';
import {
  opportunityHistoryFilter,
  opportunityHistoryQuerySchema,
  type OpportunityFilterHistory,
  type OpportunityHistoryQuery,
} from '@arbitra/contracts';
import { validate } from '../../common/pipes/zod-validation.pipe.js';
import { OpportunityHistoryService } from './opportunity-history.service.js';

/** Signed-in: how often a bot filter would have fired over the last 24 h (the bot form). */
@Controller('market')
export class OpportunityHistoryController {
  constructor(private readonly history: OpportunityHistoryService) {}

  @Get('opportunity-history')
  @Header('Cache-Control', 'no-store')
  forFilter(
    @Query(validate(opportunityHistoryQuerySchema)) query: OpportunityHistoryQuery,
  ): OpportunityFilterHistory {
    return this.history.forFilter(opportunityHistoryFilter(query));
  }
}
