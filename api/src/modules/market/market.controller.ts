import { Controller, Get, Header } from '@nestjs/common';
import { MESSAGES, type EngineStats, type MarketSnapshot, type StatusReport } from '@arbitra/contracts';
import { Public } from '../../common/decorators/public.decorator.js';
import { AppError } from '../../common/errors/app-error.js';
import { PlatformHealthService } from '../health/platform-health.service.js';
import { MarketStateService } from './market-state.service.js';

@Public()
@Controller()
export class MarketController {
  constructor(
    private readonly market: MarketStateService,
    private readonly health: PlatformHealthService,
  ) {}

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
