import type {
  EngineStats,
  ExchangeId,
  FeedState,
  MarketSnapshot,
  MarketSource,
  Opportunity,
  PriceGrid,
  ScannerDelta,
  ScannerSnapshot,
} from '@arbitra/contracts';

/** Five minutes of the 1-s price grid: the chart's window, and the ring's bound. */
export const PRICE_HISTORY_WINDOW_MS = 5 * 60_000;
export const PRICE_HISTORY_MAX_POINTS = 300;
/** Clock-offset samples kept (the smallest one wins: it carries the least network delay). */
const CLOCK_SAMPLES = 20;
/** How long a removal is remembered, so an older snapshot does not bring the opportunity back. */
const TOMBSTONE_MS = 30_000;

/** One point of the price chart: the mid (bid+ask)/2 of each exchange at server time `t`. */
export interface PricePoint {
  t: number;
  mids: Partial<Record<ExchangeId, number>>;
}

/** Every live opportunity by id, kept current by 'scanner:delta' (Profissional/Enterprise). */
export interface LiveBook {
  byId: Record<string, Opportunity>;
  /** Server time of the event that last wrote each entry. */
  writtenAt: Record<string, number>;
  /** Server time of recent removals. */
  removedAt: Record<string, number>;
}

/** What the scanner screens draw, held in the query cache and updated by socket events. */
export interface MarketState {
  /** The public basic scanner: the best 10, every 3 s. */
  scanner: ScannerSnapshot | null;
  /** Real time: null until the first delta arrives (visitors and Básico never get one). */
  live: LiveBook | null;
  prices: PriceGrid | null;
  feeds: FeedState[];
  stats: EngineStats | null;
  /** Price history per symbol, built from 'market:prices' while a scanner screen is open. */
  history: Record<string, PricePoint[]>;
  /** (client receive time − server event time) of recent live events, ms. */
  clockSamples: number[];
}

export const EMPTY_MARKET_STATE: MarketState = {
  scanner: null,
  live: null,
  prices: null,
  feeds: [],
  stats: null,
  history: {},
  clockSamples: [],
};

function addClockSample(state: MarketState, at: number, receivedAt: number | undefined): number[] {
  if (receivedAt === undefined || !Number.isFinite(at)) return state.clockSamples;
  return [...state.clockSamples, receivedAt - at].slice(-CLOCK_SAMPLES);
}

/** The server's clock as seen from here: client time minus the estimated offset. */
export function serverNow(state: MarketState | null, clientNow: number): number {
  if (!state || state.clockSamples.length === 0) return clientNow;
  return clientNow - Math.min(...state.clockSamples);
}

function seedLive(scanner: ScannerSnapshot | null): LiveBook {
  const book: LiveBook = { byId: {}, writtenAt: {}, removedAt: {} };
  for (const o of scanner?.opportunities ?? []) {
    book.byId[o.id] = o;
    book.writtenAt[o.id] = scanner?.at ?? 0;
  }
  return book;
}

function pruneTombstones(removedAt: Record<string, number>, now: number): Record<string, number> {
  const kept: Record<string, number> = {};
  for (const [id, at] of Object.entries(removedAt)) if (now - at <= TOMBSTONE_MS) kept[id] = at;
  return kept;
}

/** Merges a snapshot into the real-time book: it adds what no newer event wrote, and prunes when complete. */
function mergeSnapshotIntoLive(live: LiveBook, snap: ScannerSnapshot): LiveBook {
  const byId = { ...live.byId };
  const writtenAt = { ...live.writtenAt };
  for (const o of snap.opportunities) {
    if ((live.removedAt[o.id] ?? -Infinity) > snap.at) continue;
    if ((writtenAt[o.id] ?? -Infinity) > snap.at) continue;
    byId[o.id] = o;
    writtenAt[o.id] = snap.at;
  }
  // A snapshot that holds every live opportunity tells which ones are gone.
  if (snap.activeCount <= snap.opportunities.length) {
    const present = new Set(snap.opportunities.map((o) => o.id));
    for (const id of Object.keys(byId)) {
      if (!present.has(id) && (writtenAt[id] ?? -Infinity) <= snap.at) {
        delete byId[id];
        delete writtenAt[id];
      }
    }
  }
  return { byId, writtenAt, removedAt: pruneTombstones(live.removedAt, snap.at) };
}

/** 'scanner:snapshot': replaces the public top list (an older one is ignored). */
export function applySnapshot(state: MarketState, snap: ScannerSnapshot, receivedAt?: number): MarketState {
  const clockSamples = addClockSample(state, snap.at, receivedAt);
  if (state.scanner && snap.at < state.scanner.at) return { ...state, clockSamples };
  return {
    ...state,
    scanner: snap,
    live: state.live ? mergeSnapshotIntoLive(state.live, snap) : null,
    clockSamples,
  };
}

/** 'scanner:delta': upserts and removals into the real-time book (seeded from the top list). */
export function applyDelta(state: MarketState, delta: ScannerDelta, receivedAt?: number): MarketState {
  const base = state.live ?? seedLive(state.scanner);
  const byId = { ...base.byId };
  const writtenAt = { ...base.writtenAt };
  const removedAt = { ...base.removedAt };
  for (const id of delta.removed) {
    delete byId[id];
    delete writtenAt[id];
    removedAt[id] = delta.at;
  }
  for (const o of delta.upserts) {
    byId[o.id] = o;
    writtenAt[o.id] = delta.at;
    delete removedAt[o.id];
  }
  return {
    ...state,
    live: { byId, writtenAt, removedAt: pruneTombstones(removedAt, delta.at) },
    clockSamples: addClockSample(state, delta.at, receivedAt),
  };
}

function midOf(bid: string | null, ask: string | null): number | null {
  if (bid === null || ask === null) return null;
  // Chart points only: never shown as money.
  const mid = (Number.parseFloat(bid) + Number.parseFloat(ask)) / 2;
  return Number.isFinite(mid) && mid > 0 ? mid : null;
}

function appendHistory(history: Record<string, PricePoint[]>, grid: PriceGrid): Record<string, PricePoint[]> {
  const points = new Map<string, PricePoint>();
  for (const q of grid.quotes) {
    if (q.stale) continue;
    const mid = midOf(q.bid, q.ask);
    if (mid === null) continue;
    const point = points.get(q.symbol) ?? { t: grid.at, mids: {} };
    point.mids[q.exchange] = mid;
    points.set(q.symbol, point);
  }
  if (points.size === 0) return history;
  const next = { ...history };
  for (const [symbol, point] of points) {
    const ring = next[symbol] ?? [];
    const last = ring[ring.length - 1];
    if (last && last.t >= point.t) continue;
    const from = point.t - PRICE_HISTORY_WINDOW_MS;
    const kept = ring.filter((p) => p.t >= from);
    next[symbol] = [...kept, point].slice(-PRICE_HISTORY_MAX_POINTS);
  }
  return next;
}

/** 'market:prices': replaces the grid and adds a point to each symbol's price history. */
export function applyPrices(state: MarketState, grid: PriceGrid, receivedAt?: number): MarketState {
  const clockSamples = addClockSample(state, grid.at, receivedAt);
  if (state.prices && grid.at <= state.prices.at) return { ...state, clockSamples };
  return { ...state, prices: grid, history: appendHistory(state.history, grid), clockSamples };
}

/** 'market:feeds': the state of each exchange; per exchange, the one that began last wins. */
export function applyFeeds(state: MarketState, feeds: FeedState[]): MarketState {
  const byExchange = new Map(state.feeds.map((f) => [f.exchange, f]));
  let changed = false;
  for (const f of feeds) {
    const current = byExchange.get(f.exchange);
    if (current && current.since > f.since) continue;
    byExchange.set(f.exchange, f);
    changed = true;
  }
  return changed ? { ...state, feeds: [...byExchange.values()] } : state;
}

/** 'engine:stats': the engine's figures (an older report is ignored). */
export function applyStats(state: MarketState, stats: EngineStats, receivedAt?: number): MarketState {
  const clockSamples = addClockSample(state, stats.at, receivedAt);
  if (state.stats && stats.at < state.stats.at) return { ...state, clockSamples };
  return { ...state, stats, clockSamples };
}

/** GET /api/market/snapshot merged into what live events may already have brought (newer parts win). */
export function applyMarketSnapshot(state: MarketState, snapshot: MarketSnapshot): MarketState {
  let next = state;
  if (snapshot.scanner) next = applySnapshot(next, snapshot.scanner);
  if (snapshot.prices) next = applyPrices(next, snapshot.prices);
  if (snapshot.feeds.length > 0) next = applyFeeds(next, snapshot.feeds);
  if (snapshot.stats) next = applyStats(next, snapshot.stats);
  return next;
}

/** Forgets the real-time book (after a reconnection: deltas may have been missed). */
export function resetLive(state: MarketState): MarketState {
  return state.live ? { ...state, live: null } : state;
}

/** The public top list, as the basic scanner and /demo show it. */
export function publicOpportunities(state: MarketState | null): Opportunity[] {
  return state?.scanner?.opportunities ?? [];
}

/** Everything this user receives: the real-time book when there is one, else the public top list. */
export function bestOpportunities(state: MarketState | null): Opportunity[] {
  if (state?.live) return Object.values(state.live.byId);
  return publicOpportunities(state);
}

/** Where the data comes from, from whichever part has arrived. */
export function marketSource(state: MarketState | null): MarketSource | null {
  return state?.scanner?.source ?? state?.prices?.source ?? state?.stats?.source ?? null;
}
