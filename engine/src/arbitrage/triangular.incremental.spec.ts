import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VirtualScheduler } from '../market-data/clock.js';
import type { BookUpdate, PriceLevel } from '../market-data/types.js';
import { ArbitrageScanner } from './scanner.js';
import { spec } from './testing/scenario.js';
import type { Opportunity } from './types.js';

// The triangular detector's incremental path — a direction found from its top-of-book bound and walked only
// when its figures may be published (lazy walk), and new opportunities past the per-update build budget built
// later from the books they were found in (deferred builds) — against a full re-evaluation: after every update
// of a random sequence over 3 hubs and 2 alts on Binance (14 triangles, 28 directions), the open opportunities
// (after the periodic sweep) are those, with the same figures, that a new scanner finds when it is given every
// current book; and a budget of 1 build per update gives the same events, with the same figures and times, as
// building every opportunity at once.

const FAIR: Record<string, number> = { USDT: 1, BTC: 95_000, ETH: 3_400, AAA: 12.5, BBB: 0.4 };
const PAIRS: [string, string, number, number][] = [
  // base, quote, tick, step
  ['BTC', 'USDT', 0.01, 0.00001],
  ['ETH', 'USDT', 0.01, 0.0001],
  ['ETH', 'BTC', 0.00001, 0.0001],
  ['AAA', 'USDT', 0.001, 0.01],
  ['AAA', 'BTC', 0.00000001, 0.01],
  ['AAA', 'ETH', 0.0000001, 0.01],
  ['BBB', 'USDT', 0.0001, 0.1],
  ['BBB', 'BTC', 0.00000001, 0.1],
  ['BBB', 'ETH', 0.00000001, 0.1],
];
const SPECS = PAIRS.map(([b, q, tick, step]) => spec('binance', `${b}/${q}`, tick, step));

interface Move {
  market: number;
  /** Dislocation of this book from the fair price, in units of 0.1 %. */
  shift: number;
  /** Half spread, in ticks (≥ 1). */
  half: number;
  /** Level quantities, in USDT-worth of 100. */
  depth: number[];
  /** Time to the next update (ms): the sweep runs every 500 ms, books go stale after 5 s. */
  wait: number;
  /** Binance's taker fee changes (an admin's edit) before this update. */
  fee?: number | null;
}

const move = fc.record({
  market: fc.integer({ min: 0, max: PAIRS.length - 1 }),
  shift: fc.integer({ min: -15, max: 15 }),
  half: fc.integer({ min: 1, max: 5 }),
  depth: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 4 }),
  wait: fc.constantFrom(0, 0, 10, 60, 250, 2_000),
  fee: fc.option(fc.constantFrom(0.0005, 0.001, 0.002), { freq: 10 }),
});

function bookOf(m: Move, t: number): BookUpdate {
  const [base, quote, tick] = PAIRS[m.market]!;
  const mid = (FAIR[base]! / FAIR[quote]!) * (1 + m.shift / 1000);
  const at = (k: number) => Number((k * tick).toFixed(10));
  const center = Math.round(mid / tick);
  const bids: PriceLevel[] = [];
  const asks: PriceLevel[] = [];
  m.depth.forEach((d, i) => {
    const qty = Number(((d * 100) / FAIR[base]!).toPrecision(4));
    bids.push([at(center - m.half - i), qty]);
    asks.push([at(center + m.half + i), qty]);
  });
  return { exchange: 'binance', symbol: `${base}/${quote}`, bids, asks, exchangeTs: t, receivedTs: t };
}

/** What a user reads of an opportunity (the time fields aside). */
function figures(o: Opportunity) {
  const { id, size, sizeAsset, netPercent, legs, capitalUsdt, profitUsdt, profitBrl } = o;
  return { id, size, sizeAsset, netPercent, legs, capitalUsdt, profitUsdt, profitBrl };
}

/**
 * The open opportunities sized in USDT that `compared` keeps, by id. (The 4 directions that start from BTC are left out of the
 * comparison with a new scanner: their USDT value comes from BTC/USDT, which is not one of their legs, so one
 * whose build found no fresh BTC/USDT is not built again until its own books change — in both paths alike.)
 */
function openInUsdt(scanner: ArbitrageScanner, compared: (o: Opportunity) => boolean) {
  return scanner.registry
    .all()
    .filter((o) => o.sizeAsset === 'USDT' && compared(o))
    .map(figures)
    .sort((a, b) => a.id.localeCompare(b.id));
}

function scannerAt(clock: VirtualScheduler, buildsPerUpdate: number) {
  return new ArbitrageScanner({ clock, strategies: ['triangular'], specs: SPECS, buildsPerUpdate });
}

type Event = [kind: string, firstSeen: number, figures: unknown];

function recordEvents(scanner: ArbitrageScanner): Map<string, Event[]> {
  const events = new Map<string, Event[]>();
  const push = (kind: string, o: Opportunity) => {
    const list = events.get(o.id) ?? [];
    list.push([kind, o.firstSeen, { ...o, lastSeen: 0, ageMs: 0 }]);
    events.set(o.id, list);
  };
  scanner.registry.on({
    added: (o) => push('added', o),
    updated: (o) => push('updated', o),
    removed: (o) => push('removed', o),
  });
  return events;
}

describe('triangular: incremental path against a full re-evaluation', () => {
  it('flags the same opportunities, with the same figures, after every update of random books', () => {
    fc.assert(
      fc.property(fc.array(move, { minLength: 10, maxLength: 60 }), (moves) => {
        const clock = new VirtualScheduler();
        const incremental = scannerAt(clock, 1);
        const allAtOnce = scannerAt(clock, Infinity);
        const eventsIncremental = recordEvents(incremental);
        const eventsAllAtOnce = recordEvents(allAtOnce);
        const latest = new Map<string, BookUpdate>();
        let nextSweep = clock.now() + 500;
        let taker = 0.001;
        let movedSinceFee: Set<string> | null = null; // null: no fee edit yet
        const current = (o: { symbols: string[] }) =>
          !movedSinceFee || o.symbols.some((x) => movedSinceFee!.has(x));
        for (const m of moves) {
          if (m.fee) {
            // An admin's fee edit reaches a direction when one of its books moves next (in every path, as
            // before): until then it keeps what it was evaluated with, and is left out of the comparison.
            taker = m.fee;
            for (const s of [incremental, allAtOnce]) s.fees.set('binance', { taker });
            movedSinceFee = new Set();
          }
          const u = bookOf(m, clock.now());
          latest.set(u.symbol, u);
          movedSinceFee?.add(u.symbol);
          incremental.handleUpdate(u);
          allAtOnce.handleUpdate(u);
          clock.advance(m.wait);
          if (clock.now() < nextSweep) continue;
          nextSweep = clock.now() + 500;
          incremental.sweep();
          allAtOnce.sweep();

          // a new scanner given every current book: a full evaluation of every direction
          const full = scannerAt(clock, Infinity);
          full.fees.set('binance', { taker });
          for (const b of latest.values()) full.handleUpdate(b);
          expect(openInUsdt(incremental, current)).toEqual(openInUsdt(full, current));
        }
        incremental.sweep();
        allAtOnce.sweep();
        expect(eventsIncremental).toEqual(eventsAllAtOnce);
      }),
      { numRuns: 150 },
    );
  });

  it('builds past the budget in the next updates, from the books they were found in', () => {
    const clock = new VirtualScheduler();
    const budgetOne = scannerAt(clock, 1);
    const allAtOnce = scannerAt(clock, Infinity);
    const added = (scanner: ArbitrageScanner) => {
      const list: Opportunity[] = [];
      scanner.registry.on({ added: (o) => list.push(o) });
      return list;
    };
    const [one, all] = [added(budgetOne), added(allAtOnce)];
    const both = (m: Move) => {
      const u = bookOf(m, clock.now());
      budgetOne.handleUpdate(u);
      allAtOnce.handleUpdate(u);
    };
    // every book at its fair price: nothing to find
    for (let market = 0; market < PAIRS.length; market++)
      both({ market, shift: 0, half: 1, depth: [10, 10], wait: 0 });
    expect(all).toEqual([]);
    // BTC/USDT 1 % cheap: every triangle through it turns profitable (one direction each)
    both({ market: 0, shift: -10, half: 1, depth: [10, 10], wait: 0 });
    expect(all.map((o) => o.symbols)).toEqual([
      ['BTC/USDT', 'ETH/BTC', 'ETH/USDT'],
      ['BTC/USDT', 'AAA/BTC', 'AAA/USDT'],
      ['BTC/USDT', 'BBB/BTC', 'BBB/USDT'],
    ]);
    expect(one.map((o) => o.id)).toEqual([all[0]!.id]); // the budget: one build in this update
    expect(budgetOne.registry.deferredCount).toBe(2);
    clock.advance(20);
    // AAA/BTC moves: the triangle waiting on it is built first, from the books it was found in, then re-seen
    both({ market: 4, shift: 3, half: 1, depth: [20], wait: 0 });
    expect(one.map((o) => o.id)).toEqual([all[0]!.id, all[1]!.id]);
    expect(one[1]).toEqual({ ...all[1]!, ageMs: 20 }); // same figures, same firstSeen: built 20 ms later
    // the next update builds the last one
    both({ market: 5, shift: 0, half: 1, depth: [10], wait: 0 });
    expect(budgetOne.registry.deferredCount).toBe(0);
    expect(one.map((o) => [o.id, o.size, o.profitUsdt, o.firstSeen])).toEqual(
      all.map((o) => [o.id, o.size, o.profitUsdt, o.firstSeen]),
    );
  });
});
