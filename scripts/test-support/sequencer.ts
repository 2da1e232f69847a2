import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration files that spend minutes waiting with the CPU idle (an outage, a kill -9 and the recovery after it),
 * longest first. Vitest's own order on a clean clone (no results cache yet) is the largest file first, which put the
 * two restart files (the smallest) last: three minutes of waiting at the tail of the run with the other workers done.
 * Started first, they overlap the rest. Then the files paced by something else than the CPU: the calibration's market
 * (20× its own time at most: ~60 s whatever the machine), three engines' shared market, `npm start` from a 0700
 * checkout. Vitest put them at the end (files 44, 51 and 58 of 66), where the browser stage was over and the two
 * cores were 40–80 % idle for two minutes (clean clone of c050c8d, /proc/stat every 5 s).
 */
export const LONG_WAITS = [
  'engine/test/launcher-failover.test.ts',
  'engine/test/fault-postgres-restart.test.ts',
  'engine/test/fault-redis-restart.test.ts',
  'engine/test/fault-sigkill-executions.test.ts',
  'engine/test/backtest-calibration.test.ts',
  'engine/test/shared-market.test.ts',
  'api/test/root-checkout.test.ts',
];

/**
 * The browser files that take longest on their own (measured 2026-11-29: the simulations, the phone walk over every
 * route, a paper transfer the page waits for, a second platform started, trades the page waits for), the longest
 * first, the simulation (the engine's CPU) beside the rebalance (mostly waiting for trades). With E2E_WORKERS=2 (two
 * files at a time) they start first and overlap the short ones, instead of one long file running alone at the end.
 */
export const E2E_LONGEST = [
  'web/e2e/backtests.e2e.ts',
  'web/e2e/rebalance.e2e.ts',
  'web/e2e/mobile.e2e.ts',
  'web/e2e/payment-mercadopago.e2e.ts',
  'web/e2e/payment.e2e.ts',
  'web/e2e/bots-trading.e2e.ts',
];

const rankIn = (list: string[], spec: TestSpecification) => {
  const i = list.findIndex((f) => spec.moduleId.replaceAll('\\', '/').endsWith(f));
  return i < 0 ? list.length : i;
};

const rank = (spec: TestSpecification) => rankIn(LONG_WAITS, spec);

/**
 * Vitest's order (failed first, then longest first from the results cache, else largest first) with the long waits
 * brought forward: the first two, then one other file before each of the next, so that the first worker slots do
 * not all start a platform with its own engine processes at the same moment (on a saturated machine, load 30, three
 * at once overran their 300 s set-up deadline).
 */
export class LongWaitsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = sorted.filter((s) => rank(s) < LONG_WAITS.length).sort((a, b) => rank(a) - rank(b));
    const rest = sorted.filter((s) => rank(s) === LONG_WAITS.length);
    const order = long.slice(0, 2);
    for (const spec of long.slice(2)) order.push(...rest.splice(0, 1), spec);
    // The longest browser files first (stable: the others keep their order).
    const e2e = (s: TestSpecification) => rankIn(E2E_LONGEST, s);
    return [...order, ...rest].sort((a, b) => e2e(a) - e2e(b));
  }
}
