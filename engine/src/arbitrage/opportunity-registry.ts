import type { Clock } from '../market-data/clock.js';
import type { BookSlot } from '../market-data/book-store.js';
import type {
  Candidate,
  DetectedOpportunity,
  DetectionSink,
  Opportunity,
  OpportunityStrategy,
} from './types.js';

export type RemovalReason = 'gone' | 'stale';

export interface RegistryListener {
  /**
   * `deferredFrom`: for an opportunity whose build was deferred (see RegistryOptions.buildsPerRound), the
   * receive time of the newest book it was found in; undefined when it is built in the update that found it.
   */
  added?(opportunity: Opportunity, deferredFrom?: number): void;
  updated?(opportunity: Opportunity): void;
  removed?(opportunity: Opportunity, reason: RemovalReason): void;
}

export interface OpportunityFilter {
  strategy?: OpportunityStrategy;
  symbol?: string;
  exchange?: string;
  minNetPct?: number;
}

interface Entry {
  candidate: Candidate;
  opportunity: DetectedOpportunity;
  firstSeen: number;
  /** Exchange time of the newest input book at the first sighting (see Opportunity.openedAt). */
  openedAt: number;
  lastSeen: number;
  /** Fingerprint of the figures in `opportunity`. */
  fpA: number;
  fpB: number;
  builtAt: number;
  /** Figures changed but were not rebuilt yet (throttled). */
  pending: boolean;
}

/** A new opportunity found when the round's build budget was spent: built later from what it was found in. */
interface Deferred {
  candidate: Candidate;
  /** candidate.snapshot() at the sighting: what build() reads (books, rates), frozen. */
  snapshot: unknown;
  fpA: number;
  fpB: number;
  seenAt: number;
  openedAt: number;
  /** Newest receive time among its books at the sighting (the update that found it). */
  receivedTs: number;
}

export interface RegistryOptions {
  /**
   * An opportunity's figures are rebuilt at most this often while it lasts (its 'added' is immediate;
   * changes within the interval are coalesced into one 'updated' at the next sighting or flush()).
   * Default 100 ms; 0 rebuilds on every change.
   */
  minUpdateIntervalMs?: number;
  /**
   * At most this many new opportunities are built per round (rounds are delimited by beginRound(), which the
   * scanner calls once per book update). Past it, a new candidate that can freeze its inputs
   * (Candidate.snapshot) is queued and built in the next rounds (oldest first), at flush() and before anything
   * else happens to it — from the frozen inputs, so its figures, firstSeen and event order are the ones an
   * immediate build gives; 'added' only comes later. Bounds the work of one update when a hub book's move
   * makes a hundred triangles profitable at once. Default Infinity (every build immediate).
   */
  buildsPerRound?: number;
}

export interface RegistryCounters {
  open: number;
  openByStrategy: Record<OpportunityStrategy, number>;
  addedTotal: number;
  updatedTotal: number;
  removedTotal: number;
}

/**
 * The exchange time an opportunity opened at: the newest exchange timestamp among the books it was found in
 * (whole ms). It comes from the feed's data, so engines reading the same feed agree on it whatever their clocks
 * and however late each received the books.
 */
export function openedAt(candidate: Pick<Candidate, 'inputs'>): number {
  let ts = -Infinity;
  for (const s of candidate.inputs) if (s.exchangeTs > ts) ts = s.exchangeTs;
  return Number.isFinite(ts) ? Math.round(ts) : 0;
}

/**
 * The live set of opportunities. Detectors report every candidate they evaluate (found / absent);
 * the registry keeps one entry per stable id, from its first sighting until it is no longer found in the
 * latest evaluation of its inputs ('gone') or one of its books goes stale ('stale', see expireStale()).
 * Events: added, updated (only when its figures change — a re-sighting with the same figures just moves
 * lastSeen — and at most once per minUpdateIntervalMs: changes in between are coalesced and rebuilt at
 * the next sighting or flush()), removed. Exact figures are built only on add and on change.
 */
export class OpportunityRegistry implements DetectionSink {
  private readonly entries = new Map<string, Entry>();
  private listeners: RegistryListener[] = [];
  /** Fingerprints for which build() gave null (rounding killed it): not rebuilt until they change. */
  private readonly rejected = new Map<string, { fpA: number; fpB: number }>();
  private added = 0;
  private updated = 0;
  private removed = 0;
  /** New opportunities waiting for their build (insertion order = oldest first), by candidate id. */
  private readonly deferred = new Map<string, Deferred>();
  private builtThisRound = 0;

  private readonly minUpdateIntervalMs: number;
  private readonly buildsPerRound: number;

  constructor(
    private readonly clock: Clock,
    options: RegistryOptions = {},
  ) {
    this.minUpdateIntervalMs = options.minUpdateIntervalMs ?? 100;
    this.buildsPerRound = options.buildsPerRound ?? Infinity;
  }

  /** Starts a round of the build budget (one book update): first builds deferred opportunities, oldest first. */
  beginRound(): void {
    this.builtThisRound = 0;
    if (this.deferred.size === 0) return;
    for (const d of this.deferred.values()) {
      if (this.builtThisRound >= this.buildsPerRound) break;
      this.buildDeferred(d);
    }
  }

  /** Opportunities found but not built yet (deferred by the build budget). */
  get deferredCount(): number {
    return this.deferred.size;
  }

  on(listener: RegistryListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  found(candidate: Candidate): void {
    const now = this.clock.now();
    if (this.deferred.size !== 0) this.settle(candidate);
    if (candidate.active) {
      const e = this.entries.get(candidate.id)!;
      e.lastSeen = now;
      if (candidate.unmeasured) {
        // a lazy candidate re-seen: its figures are only measured when they could be published
        if (now - e.builtAt < this.minUpdateIntervalMs) {
          e.pending = true; // measured at the rebuild, which compares them with the reported ones
          return;
        }
        candidate.measure!();
      }
      if (e.fpA === candidate.fpA && e.fpB === candidate.fpB) {
        e.pending = false; // back to the figures already reported
        return;
      }
      if (now - e.builtAt < this.minUpdateIntervalMs) {
        e.pending = true;
        return;
      }
      this.rebuild(e, now);
      return;
    }
    if (candidate.unmeasured) candidate.measure!();
    const r = this.rejected.get(candidate.id);
    if (r !== undefined && r.fpA === candidate.fpA && r.fpB === candidate.fpB) return;
    if (this.builtThisRound >= this.buildsPerRound && candidate.snapshot !== undefined) {
      let ts = -Infinity;
      for (const s of candidate.inputs) if (s.receivedTs > ts) ts = s.receivedTs;
      candidate.active = true; // held (waiting for its build): its next sighting must reach the registry
      this.deferred.set(candidate.id, {
        candidate,
        snapshot: candidate.snapshot(),
        fpA: candidate.fpA,
        fpB: candidate.fpB,
        seenAt: now,
        openedAt: openedAt(candidate),
        receivedTs: ts,
      });
      return;
    }
    this.builtThisRound++;
    this.add(candidate, candidate.build(), candidate.fpA, candidate.fpB, now, openedAt(candidate), undefined);
  }

  absent(candidate: Candidate): void {
    if (this.deferred.size !== 0) this.settle(candidate);
    if (!candidate.active) return;
    const e = this.entries.get(candidate.id);
    if (e) this.remove(e, 'gone');
  }

  /** Builds the deferred opportunities, then rebuilds those whose changes were coalesced (call it periodically). */
  flush(nowMs = this.clock.now()): void {
    this.settleAll();
    for (const e of [...this.entries.values()]) if (e.pending) this.rebuild(e, nowMs);
  }

  /** Removes every opportunity one of whose books is no longer fresh. Returns how many. */
  expireStale(isFresh: (slot: BookSlot, nowMs: number) => boolean, nowMs = this.clock.now()): number {
    this.settleAll();
    let n = 0;
    for (const e of [...this.entries.values()]) {
      if (e.candidate.inputs.some((s) => !isFresh(s, nowMs))) {
        this.remove(e, 'stale');
        n++;
      }
    }
    return n;
  }

  get size(): number {
    this.settleAll();
    return this.entries.size;
  }

  get(id: string): Opportunity | undefined {
    this.settleAll();
    const e = this.entries.get(id);
    return e ? this.view(e, this.clock.now()) : undefined;
  }

  /** All open opportunities, best net % first. */
  all(filter?: OpportunityFilter): Opportunity[] {
    return this.top(Infinity, filter);
  }

  /** Snapshot of the n best open opportunities by net % (ties: larger profit in USDT first). */
  top(n: number, filter?: OpportunityFilter): Opportunity[] {
    this.settleAll();
    const now = this.clock.now();
    const list: Entry[] = [];
    for (const e of this.entries.values()) {
      const o = e.opportunity;
      if (filter) {
        if (filter.strategy && o.strategy !== filter.strategy) continue;
        if (filter.symbol && !o.symbols.includes(filter.symbol)) continue;
        if (filter.exchange && !(o.exchanges as string[]).includes(filter.exchange)) continue;
        if (filter.minNetPct !== undefined && !(o.netPct >= filter.minNetPct)) continue;
      }
      list.push(e);
    }
    list.sort(
      (x, y) =>
        y.opportunity.netPct - x.opportunity.netPct ||
        Number(y.opportunity.profitUsdt) - Number(x.opportunity.profitUsdt),
    );
    return list.slice(0, n).map((e) => this.view(e, now));
  }

  counters(): RegistryCounters {
    this.settleAll();
    const openByStrategy: Record<OpportunityStrategy, number> = {
      arbitrage: 0,
      triangular: 0,
      statistical: 0,
    };
    for (const e of this.entries.values()) openByStrategy[e.opportunity.strategy]++;
    return {
      open: this.entries.size,
      openByStrategy,
      addedTotal: this.added,
      updatedTotal: this.updated,
      removedTotal: this.removed,
    };
  }

  /** A new opportunity: entered and announced, or its fingerprint remembered as rejected (build gave null). */
  private add(
    candidate: Candidate,
    opportunity: DetectedOpportunity | null,
    fpA: number,
    fpB: number,
    seenAt: number,
    opened: number,
    deferredFrom: number | undefined,
  ): void {
    if (opportunity === null) {
      candidate.active = false;
      this.rejected.set(candidate.id, { fpA, fpB });
      return;
    }
    this.rejected.delete(candidate.id);
    const e: Entry = {
      candidate,
      opportunity,
      firstSeen: seenAt,
      openedAt: opened,
      lastSeen: seenAt,
      fpA,
      fpB,
      builtAt: seenAt,
      pending: false,
    };
    this.entries.set(candidate.id, e);
    candidate.active = true;
    this.added++;
    const view = this.view(e, this.clock.now());
    for (const l of this.listeners) l.added?.(view, deferredFrom);
  }

  /** Builds a deferred opportunity from what it was found in, as if it had been built then. */
  private buildDeferred(d: Deferred): void {
    this.deferred.delete(d.candidate.id);
    this.builtThisRound++;
    this.add(d.candidate, d.candidate.build(d.snapshot), d.fpA, d.fpB, d.seenAt, d.openedAt, d.receivedTs);
  }

  /** Before anything else happens to a candidate, its deferred build (if any) is done. */
  private settle(candidate: Candidate): void {
    const d = this.deferred.get(candidate.id);
    if (d !== undefined) this.buildDeferred(d);
  }

  private settleAll(): void {
    for (const d of this.deferred.values()) this.buildDeferred(d);
  }

  private rebuild(e: Entry, now: number): void {
    const c = e.candidate;
    e.pending = false;
    if (c.unmeasured) {
      c.measure!();
      if (e.fpA === c.fpA && e.fpB === c.fpB) return; // back to the reported figures
    }
    const opportunity = c.build();
    if (opportunity === null) {
      this.remove(e, 'gone');
      this.rejected.set(c.id, { fpA: c.fpA, fpB: c.fpB });
      return;
    }
    e.opportunity = opportunity;
    e.fpA = c.fpA;
    e.fpB = c.fpB;
    e.builtAt = now;
    this.updated++;
    const view = this.view(e, now);
    for (const l of this.listeners) l.updated?.(view);
  }

  private remove(e: Entry, reason: RemovalReason): void {
    this.entries.delete(e.candidate.id);
    e.candidate.active = false;
    this.removed++;
    const view = this.view(e, this.clock.now());
    for (const l of this.listeners) l.removed?.(view, reason);
  }

  private view(e: Entry, now: number): Opportunity {
    return {
      ...e.opportunity,
      openedAt: e.openedAt,
      firstSeen: e.firstSeen,
      lastSeen: e.lastSeen,
      ageMs: Math.max(0, now - e.firstSeen),
    };
  }
}
