import { Controller, Get, Header, Query, SetMetadata } from '@nestjs/common';
import {
  MESSAGES,
  opportunityHistoryFilter,
  opportunityHistoryQuerySchema,
  type EngineStats,
  type MarketSnapshot,
  type OpportunityFilterHistory,
  type OpportunityHistoryQuery,
  type StatusReport,
} from '@arbitra/contracts';
import { IS_PUBLIC, Public } from '../../common/decorators/public.decorator.js';
import { validate } from '../../common/pipes/zod-validation.pipe.js';
import { AppError } from '../../common/errors/app-error.js';
import { PlatformHealthService } from '../health/platform-health.service.js';
import { MarketStateService } from './market-state.service.js';
import { OpportunityHistoryService } from './opportunity-history.service.js';

@Public()
@Controller()
export class MarketController {
  constructor(
    private readonly market: MarketStateService,
    private readonly health: PlatformHealthService,
    private readonly history: OpportunityHistoryService,
  ) {}

  /** Signed in (not public like the rest): how often a bot filter would have fired over the last 24 h (the bot form). */
  @SetMetadata(IS_PUBLIC, false)
  @Get('market/opportunity-history')
  @Header('Cache-Control', 'no-store')
  opportunityHistory(
    @Query(validate(opportunityHistoryQuerySchema)) query: OpportunityHistoryQuery,
  ): OpportunityFilterHistory {
    return this.history.forFilter(opportunityHistoryFilter(query));
  }

  /** The scanner, prices, feeds and figures as last published, to draw a page before live events. */
  @Get('market/snapshot')
  @Header('Cache-Control', 'no-store')
  snapshot(): MarketSnapshot {
    return this.market.snapshot();
  }

  /** Figures measured by the platform itself, for the landing page. */
  @Get('stats/public')
  @Header('Cache-Control', 'no-store')
  stats(): EngineStats {
    const { stats } = this.market.snapshot();
    if (!stats) throw new AppError(503, 'stats_unavailable', MESSAGES.market.statsUnavailable);
    return stats;
  }

  /** The live state of every part of the platform, for /status. */
  @Get('status')
  @Header('Cache-Control', 'no-store')
  async status(): Promise<StatusReport> {
    const checks = await this.health.all();
    const { feeds, stats } = this.market.snapshot();
    return {
      at: Date.now(),
      components: checks.map(({ name, status, detail }) => ({ name, status, detail })),
      feeds,
      source: stats?.source ?? null,
      engines: this.health.engines(),
    };
  }
}
