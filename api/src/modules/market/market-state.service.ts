import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  EVENTS,
  HEARTBEAT_STALE_MS,
  type EngineStats,
  type FeedState,
  type MarketSnapshot,
  type PriceGrid,
  type ScannerSnapshot,
} from '@arbitra/contracts';
import { BrowserEvents } from '@arbitra/transport';

/** Older than this, what the engine last said is not shown as current. */
const STALE_AFTER_MS = 3 * HEARTBEAT_STALE_MS;

/**
 * The latest public market state the engine published (it arrives as server-side events
 * over the fabric), so a page can draw the scanner before its first live event.
 */
@Injectable()
export class MarketStateService implements OnApplicationBootstrap {
  private scanner: ScannerSnapshot | null = null;
  private prices: PriceGrid | null = null;
  private feeds: FeedState[] = [];
  private stats: EngineStats | null = null;
  private feedsAt = 0;

  constructor(private readonly events: BrowserEvents) {}

  onApplicationBootstrap(): void {
    const events = this.events;
    events.onFabricEvent(EVENTS.scannerSnapshot, (s: ScannerSnapshot) => (this.scanner = s));
    events.onFabricEvent(EVENTS.marketPrices, (p: PriceGrid) => (this.prices = p));
    events.onFabricEvent(EVENTS.marketFeeds, (f: FeedState[]) => {
      this.feeds = f;
      this.feedsAt = Date.now();
    });
    events.onFabricEvent(EVENTS.engineStats, (s: EngineStats) => (this.stats = s));
  }

  snapshot(now = Date.now()): MarketSnapshot {
    const fresh = <T extends { at: number }>(x: T | null) => (x && now - x.at <= STALE_AFTER_MS ? x : null);
    return {
      scanner: fresh(this.scanner),
      prices: fresh(this.prices),
      feeds: now - this.feedsAt <= STALE_AFTER_MS ? this.feeds : [],
      stats: fresh(this.stats),
    };
  }
}
