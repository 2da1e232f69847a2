import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  EVENTS,
  MESSAGES,
  OPPORTUNITY_HISTORY_PUBLISH_MS,
  OPPORTUNITY_HISTORY_WINDOW_MS,
  medianPercent,
  mergeHistograms,
  routeFits,
  type BotOpportunityFilter,
  type OpportunityFilterHistory,
  type OpportunityHistorySummary,
} from '@arbitra/contracts';
import { AppError } from '../../common/errors/app-error.js';
import { BrowserEvents } from '@arbitra/transport';

/** A summary older than this (4 missed publications) is not answered as current. */
const STALE_AFTER_MS = 4 * OPPORTUNITY_HISTORY_PUBLISH_MS;

/**
 * The last 24 h of opportunities as the engine counts them (a histogram per route, sent server-side every 15 s),
 * answered for one bot filter: the routes it would take, merged (issue 27: the bot form's line and default).
 */
@Injectable()
export class OpportunityHistoryService implements OnApplicationBootstrap {
  private latest: OpportunityHistorySummary | null = null;

  constructor(private readonly events: BrowserEvents) {}

  onApplicationBootstrap(): void {
    this.events.onFabricEvent(EVENTS.opportunityHistory, (s: OpportunityHistorySummary) => (this.latest = s));
  }

  forFilter(filter: BotOpportunityFilter, now = Date.now()): OpportunityFilterHistory {
    const s = this.latest;
    if (!s || now - s.at > STALE_AFTER_MS)
      throw new AppError(503, 'opportunity_history_unavailable', MESSAGES.market.historyUnavailable);
    const routes = s.routes.filter((r) => routeFits(r, filter));
    const hour = mergeHistograms(routes.map((r) => r.hour));
    return {
      at: s.at,
      coveredMs: Math.max(0, Math.min(OPPORTUNITY_HISTORY_WINDOW_MS, s.at - s.since)),
      day: mergeHistograms(routes.map((r) => r.day)),
      hour,
      hourMedianPercent: medianPercent(hour),
    };
  }
}
