import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  EVENTS,
  HEARTBEAT_STALE_MS,
  type EngineStats,
  type FeedState,
  type MarketSnapshot,
  type PriceGrid,
  type ScannerSnapshot,
  type TransferFeeTable,
  SHIPPED_TRANSFER_FEES,
} from '@arbitra/contracts';
import { Decimal } from 'decimal.js';
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
  private transferFees: TransferFeeTable | null = null;

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
    events.onFabricEvent(EVENTS.transferFees, (t: TransferFeeTable) => (this.transferFees = t));
  }

  /** The transfer-fee table: the one an engine refreshed through ccxt, else the shipped one (issue 29). */
  transferFeeTable(): TransferFeeTable {
    return this.transferFees ?? SHIPPED_TRANSFER_FEES;
  }

  /** An asset's price in USDT: the mid of its first fresh ASSET/USDT quote (USDT: 1; null: none). */
  priceUsdt(asset: string, now = Date.now()): Decimal | null {
    if (asset === 'USDT') return new Decimal(1);
    const prices = this.snapshot(now).prices;
    const q = prices?.quotes.find((x) => x.symbol === `${asset}/USDT` && !x.stale && x.bid && x.ask);
    return q ? new Decimal(q.bid!).plus(q.ask!).div(2) : null;
  }

  /** The USDT/BRL of every R$ figure, as the engine last published it (null: no fresh snapshot). */
  usdtBrl(now = Date.now()): string | null {
    return this.snapshot(now).scanner?.usdtBrlPremium?.reference.rate ?? null;
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
