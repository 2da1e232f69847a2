import {
  OPPORTUNITY_HISTORY_BUCKET_MS,
  OPPORTUNITY_HISTORY_RECENT_MS,
  OPPORTUNITY_HISTORY_WINDOW_MS,
  netPctBin,
  routeKey,
  routeOf,
  type NetPctHistogram,
  type Opportunity,
  type OpportunityHistoryRoute,
  type OpportunityHistorySummary,
  type OpportunityRoute,
} from '@arbitra/contracts';

/** bin → count. */
type Bins = Map<number, number>;

interface Bucket {
  /** Start of the bucket, ms since the epoch (a multiple of OPPORTUNITY_HISTORY_BUCKET_MS). */
  start: number;
  routes: Map<string, Bins>;
}

/**
 * The opportunities of the last 24 h as a rolling histogram (issue 27): per 10-minute bucket, per route (strategy,
 * exchanges, pairs), how many reached each net % bin at their peak. Each opportunity counts once, in the bucket it
 * closed in, at the best net % it showed while open (what a bot's minimum would have had to be under to take it);
 * the ones still open count at their peak so far. Memory: 144 buckets × the routes seen × the bins hit — a few
 * thousand counters, never a row per opportunity. Updates are O(1) map operations (no database, no allocation
 * beyond a new bin), so it can listen to the registry on the detection path.
 */
export class OpportunityHistory {
  private readonly buckets: Bucket[] = [];
  /** Open opportunities: id → route and the best bin so far. */
  private readonly open = new Map<string, { key: string; route: OpportunityRoute; bin: number }>();
  private readonly routes = new Map<string, OpportunityRoute>();

  constructor(readonly since = Date.now()) {}

  opened(o: Opportunity): void {
    const route = routeOf(o);
    if (route.pairs.length === 0) return; // no bot can take it
    const key = routeKey(route);
    if (!this.routes.has(key)) this.routes.set(key, route);
    this.open.set(o.id, { key, route, bin: netPctBin(o.netPercent) });
  }

  updated(o: Opportunity): void {
    const e = this.open.get(o.id);
    if (!e) return this.opened(o);
    const bin = netPctBin(o.netPercent);
    if (bin > e.bin) e.bin = bin;
  }

  closed(o: Opportunity, now = Date.now()): void {
    this.updated(o);
    const e = this.open.get(o.id);
    if (!e) return;
    const bins = this.bucketAt(now).routes; // (may prune routes: this one is still held by `open`)
    this.open.delete(o.id);
    let b = bins.get(e.key);
    if (!b) bins.set(e.key, (b = new Map<number, number>()));
    b.set(e.bin, (b.get(e.bin) ?? 0) + 1);
  }

  /** Per route, the day's and the last hour's histograms (the open ones included), for the api. */
  summary(now = Date.now()): OpportunityHistorySummary {
    this.prune(now);
    const day = new Map<string, Bins>();
    const hour = new Map<string, Bins>();
    const add = (into: Map<string, Bins>, key: string, bin: number, n: number) => {
      let b = into.get(key);
      if (!b) into.set(key, (b = new Map<number, number>()));
      b.set(bin, (b.get(bin) ?? 0) + n);
    };
    const recentFrom = now - OPPORTUNITY_HISTORY_RECENT_MS;
    for (const bucket of this.buckets) {
      // A bucket counts for the last hour when it ends after the hour began (10-minute resolution).
      const recent = bucket.start + OPPORTUNITY_HISTORY_BUCKET_MS > recentFrom;
      for (const [key, bins] of bucket.routes)
        for (const [bin, n] of bins) {
          add(day, key, bin, n);
          if (recent) add(hour, key, bin, n);
        }
    }
    for (const e of this.open.values()) {
      add(day, e.key, e.bin, 1);
      add(hour, e.key, e.bin, 1);
    }
    const routes: OpportunityHistoryRoute[] = [];
    for (const [key, bins] of day) {
      const route = this.routes.get(key);
      if (route) routes.push({ ...route, day: sorted(bins), hour: sorted(hour.get(key)) });
    }
    return { at: now, since: this.since, routes };
  }

  private bucketAt(now: number): Bucket {
    const start = now - (now % OPPORTUNITY_HISTORY_BUCKET_MS);
    const last = this.buckets[this.buckets.length - 1];
    if (last && last.start === start) return last;
    const bucket: Bucket = { start, routes: new Map() };
    this.buckets.push(bucket);
    this.prune(now);
    return bucket;
  }

  /** Drops the buckets that ended more than 24 h ago, and the routes no bucket or open opportunity holds. */
  private prune(now: number): void {
    const from = now - OPPORTUNITY_HISTORY_WINDOW_MS;
    let dropped = false;
    while (this.buckets.length && this.buckets[0]!.start + OPPORTUNITY_HISTORY_BUCKET_MS <= from) {
      this.buckets.shift();
      dropped = true;
    }
    if (!dropped) return;
    const live = new Set<string>();
    for (const b of this.buckets) for (const k of b.routes.keys()) live.add(k);
    for (const e of this.open.values()) live.add(e.key);
    for (const k of this.routes.keys()) if (!live.has(k)) this.routes.delete(k);
  }
}

const sorted = (bins: Bins | undefined): NetPctHistogram =>
  bins ? [...bins.entries()].sort((a, b) => a[0] - b[0]) : [];
