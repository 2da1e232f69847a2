import { Injectable } from '@nestjs/common';
import {
  EVENTS,
  isPair,
  OPPORTUNITY_HISTORY_PUBLISH_MS,
  PRICE_GRID_INTERVAL_MS,
  ROOMS,
  SCANNER_PUBLIC_INTERVAL_MS,
  SCANNER_PUBLIC_TOP,
  SCANNER_REALTIME_MIN_INTERVAL_MS,
  type EngineStats,
  type Opportunity,
  type PriceGrid,
  type ScannerSnapshot,
} from '@arbitra/contracts';
import { BrowserEvents, type BrowserPayload, type FabricPayload } from '@arbitra/transport';
import type { BackgroundService } from '../config/background-service.js';
import { UsdtBrlPremiumHistory, usdtBrlPremium, type UsdtBrlQuote } from '../arbitrage/usdt-brl-premium.js';
import { decimalsOf } from '../market-data/precision.js';
import { REFERENCE_SYMBOL } from '../market-data/symbols.js';
import { OwnershipService } from '../ownership/ownership.service.js';
import { OpportunityHistory } from './opportunity-history.js';
import { ScannerService } from './scanner.service.js';

const saoPauloDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

type PublicEvent =
  | typeof EVENTS.scannerSnapshot
  | typeof EVENTS.marketPrices
  | typeof EVENTS.marketFeeds
  | typeof EVENTS.engineStats;

/**
 * Publishes the scanner through the socket fabric, off the hot path (timers read the registry):
 * - public room: the 10 best every 3 s, the price grid every second, feed states on change, figures;
 * - real-time room (Profissional/Enterprise): every change, coalesced to at most one message per 100 ms
 *   (leading edge: a change after a quiet spell goes out at once),
 *   plus every live opportunity once every 3 s, so a client that just joined has the whole set.
 * The public state also goes to the api instances as server-side events, for their REST snapshot.
 * With several engines, only the one holding the publisher lease (OwnershipService) publishes: browsers get one
 * stream whatever the number of engines; when it dies, the next holder sends the whole state at once.
 */
@Injectable()
export class ScannerPublisher implements BackgroundService {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly pendingUpserts = new Map<string, Opportunity>();
  private readonly pendingRemovals = new Set<string>();
  private unsubscribe: (() => void)[] = [];
  private deltaTimer?: NodeJS.Immediate | NodeJS.Timeout;
  private lastDeltaAt = 0;
  private day = '';
  private seenToday = 0;
  private countingSince = Date.now();
  private readonly premiumHistory = new UsdtBrlPremiumHistory();
  /** Every engine counts (it sees the same market); the publisher sends it. */
  readonly history = new OpportunityHistory();

  constructor(
    private readonly scanner: ScannerService,
    private readonly events: BrowserEvents,
    private readonly ownership: OwnershipService,
  ) {}

  onApplicationBootstrap(): void {
    this.ownership.onPublisherChange((publishing) => {
      if (publishing) {
        this.publishAll();
        this.publishHistory();
      } else {
        this.pendingUpserts.clear();
        this.pendingRemovals.clear();
      }
    });
    const { registry, feedStates } = this.scanner.scanner;
    this.unsubscribe.push(
      registry.on({
        added: (o) => {
          this.history.opened(o);
          this.countSeen();
          this.pendingRemovals.delete(o.id);
          this.pendingUpserts.set(o.id, o);
          this.scheduleDelta();
        },
        updated: (o) => {
          this.history.updated(o);
          this.pendingUpserts.set(o.id, o);
          this.scheduleDelta();
        },
        removed: (o) => {
          this.history.closed(o);
          this.pendingUpserts.delete(o.id);
          this.pendingRemovals.add(o.id);
          this.scheduleDelta();
        },
      }),
      feedStates.onChange(() => this.publishFeeds()),
    );
    this.every(PRICE_GRID_INTERVAL_MS, () => this.publish(EVENTS.marketPrices, this.priceGrid()));
    this.every(SCANNER_PUBLIC_INTERVAL_MS, () => this.publishAll());
    this.every(OPPORTUNITY_HISTORY_PUBLISH_MS, () => this.publishHistory());
  }

  /** The last 24 h of opportunities, to the api instances only (GET /api/market/opportunity-history). */
  private publishHistory(): void {
    if (!this.ownership.publishing) return;
    this.events.toEngines(EVENTS.opportunityHistory, this.history.summary());
    this.published.set(EVENTS.opportunityHistory, (this.published.get(EVENTS.opportunityHistory) ?? 0) + 1);
  }

  /** Every 3 s, and at once when this engine becomes the publisher. */
  private publishAll(): void {
    if (!this.ownership.publishing) return;
    // Real-time clients that just joined get the whole set within 3 s, in the next coalesced delta.
    for (const o of this.scanner.scanner.registry.all())
      if (!this.pendingRemovals.has(o.id)) this.pendingUpserts.set(o.id, o);
    this.scheduleDelta();
    this.publish(EVENTS.scannerSnapshot, this.snapshot());
    this.publishFeeds();
    this.publish(EVENTS.engineStats, this.stats());
  }

  onModuleDestroy(): void {
    for (const t of this.timers) clearInterval(t);
    if (this.deltaTimer) {
      clearTimeout(this.deltaTimer as NodeJS.Timeout);
      clearImmediate(this.deltaTimer as NodeJS.Immediate);
    }
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
  }

  snapshot(now = Date.now()): ScannerSnapshot {
    const { registry } = this.scanner.scanner;
    return {
      at: now,
      source: this.scanner.source,
      opportunities: registry.top(SCANNER_PUBLIC_TOP),
      activeCount: registry.counters().open,
      usdtBrlPremium: this.premium(now),
    };
  }

  /** The USDT/BRL premium of each exchange with a fresh USDT/BRL book, with its last minutes (3 s timer). */
  premium(now = Date.now()) {
    const { store, rate, clock } = this.scanner.scanner;
    const t = clock.now();
    const quotes: UsdtBrlQuote[] = [];
    for (const slot of store.slots()) {
      if (slot.symbol !== REFERENCE_SYMBOL || slot.updates === 0 || !store.isFresh(slot, t)) continue;
      if (Number.isFinite(slot.bestBid) && Number.isFinite(slot.bestAsk))
        quotes.push({ exchange: slot.exchange, bid: slot.bestBid, ask: slot.bestAsk });
    }
    return this.premiumHistory.add(usdtBrlPremium(quotes, rate.current(), now));
  }

  priceGrid(now = Date.now()): PriceGrid {
    const quotes = [];
    for (const slot of this.scanner.scanner.store.slots()) {
      if (!(isPair(slot.symbol) || slot.symbol.endsWith('/BRL')) || slot.updates === 0) continue;
      const dp = decimalsOf(slot.spec.tickSize);
      const bid = slot.bestBid;
      const ask = slot.bestAsk;
      quotes.push({
        exchange: slot.exchange,
        symbol: slot.symbol,
        bid: Number.isFinite(bid) ? bid.toFixed(dp) : null,
        ask: Number.isFinite(ask) ? ask.toFixed(dp) : null,
        ts: Math.round(slot.receivedTs),
        stale: slot.stale,
      });
    }
    return { at: now, source: this.scanner.source, quotes };
  }

  stats(now = Date.now()): EngineStats {
    this.rollDay(now);
    const metrics = this.scanner.scanner.metricsSnapshot();
    const slots = this.scanner.scanner.store.slots().filter((s) => s.updates > 0);
    const median = metrics.detection.latency.all.p50Ms;
    return {
      at: now,
      source: this.scanner.source,
      exchangesWatched: new Set(slots.map((s) => s.exchange)).size,
      pairsWatched: new Set(slots.filter((s) => isPair(s.symbol)).map((s) => s.symbol)).size,
      marketsWatched: slots.length,
      detectionLatencyMedianMs: Number.isFinite(median) ? Math.round(median * 1000) / 1000 : null,
      opportunitiesToday: this.seenToday,
      countingSince: this.countingSince,
      updatesPerSecond:
        Math.round(Object.values(metrics.marketData.updatesPerSecond).reduce((a, b) => a + b, 0) * 10) / 10,
      activeOpportunities: metrics.detection.registry.open,
    };
  }

  /**
   * Leading-edge throttle: the first change after a quiet 100 ms goes out at once (after the current
   * update finished, so one book update is one message); later ones wait for the 100 ms to pass.
   */
  private scheduleDelta(): void {
    if (this.deltaTimer) return;
    const wait = Math.max(0, this.lastDeltaAt + SCANNER_REALTIME_MIN_INTERVAL_MS - Date.now());
    this.deltaTimer =
      wait === 0 ? setImmediate(() => this.flushDelta()) : setTimeout(() => this.flushDelta(), wait);
  }

  private flushDelta(): void {
    this.deltaTimer = undefined;
    if (!this.ownership.publishing) {
      this.pendingUpserts.clear();
      this.pendingRemovals.clear();
      return;
    }
    if (this.pendingUpserts.size === 0 && this.pendingRemovals.size === 0) return;
    this.lastDeltaAt = Date.now();
    const delta = {
      at: Date.now(),
      upserts: [...this.pendingUpserts.values()],
      removed: [...this.pendingRemovals],
    };
    this.pendingUpserts.clear();
    this.pendingRemovals.clear();
    this.events.toRoom(ROOMS.realtimeScanner, EVENTS.scannerDelta, delta);
    this.published.set(EVENTS.scannerDelta, (this.published.get(EVENTS.scannerDelta) ?? 0) + 1);
  }

  private publishFeeds(): void {
    this.publish(EVENTS.marketFeeds, this.scanner.scanner.feedStates.states());
  }

  /** To the browsers of the public room, and to the api instances (their REST snapshot). */
  private publish<E extends PublicEvent>(event: E, payload: BrowserPayload<E> & FabricPayload<E>): void {
    if (!this.ownership.publishing) return; // another engine is the publisher
    this.events.toRoom(ROOMS.publicScanner, event, payload);
    this.events.toEngines(event, payload);
    this.published.set(event, (this.published.get(event) ?? 0) + 1);
  }

  /** Messages published since start, per event (for /metrics). */
  readonly published = new Map<string, number>();

  private countSeen(): void {
    this.rollDay(Date.now());
    this.seenToday++;
  }

  private rollDay(now: number): void {
    const day = saoPauloDay.format(now);
    if (day !== this.day) {
      if (this.day !== '') this.countingSince = now;
      this.day = day;
      this.seenToday = 0;
    }
  }

  private every(ms: number, fn: () => void): void {
    this.timers.push(setInterval(fn, ms));
  }
}
