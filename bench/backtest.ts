/**
 * Backtest speed (issue 14): market time simulated per second of wall time, for a bot on the 10 pairs × the
 * 5 exchanges of the simulated market, arbitrage and triangular, through the whole backtest (simulated feed →
 * scanner and detectors → matcher and sizing → paper exchange → executors → in-memory ledger). One process,
 * one core. Target: ≥ 500× real time (24 h of market in under 3 minutes).
 *
 *   npm run bench:backtest                                  # defaults: 1 h of market, seed 42
 *   node bench/run.mjs bench/backtest.ts --hours 24 --seed 7 --strategies arbitrage
 */
import { PAIRS, EXCHANGE_IDS, type BotStrategy } from '@arbitra/contracts';
import { runBacktest } from '../engine/src/backtest/backtest.js';
import { cpus, loadavg } from 'node:os';
import { arg } from './support.js';

const hours = Number(arg('hours', '1'));
const seed = Number(arg('seed', '42'));
const strategies = arg('strategies', 'arbitrage,triangular').split(',') as BotStrategy[];
const TARGET = 500;

console.log(
  `backtest bench: ${PAIRS.length} pairs × ${EXCHANGE_IDS.length} exchanges, ${hours} h of simulated market, ` +
    `seed ${seed}, Node ${process.version}`,
);
const rows: string[] = [];
for (const strategy of strategies) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const { result } = await runBacktest(
    {
      name: `bench ${strategy}`,
      strategy,
      pairs: [...PAIRS],
      exchanges: [...EXCHANGE_IDS],
      riskLevel: 'medium',
      maxInvestment: 50_000,
      minProfitPercent: 0.2,
    },
    { kind: 'simulated', seed, durationMs: hours * 3_600_000, volatility: 'normal' },
  );
  const wall = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu0);
  const cpu = (used.user + used.system) / 1e6;
  // On a shared machine the wall time includes waiting for a core; the CPU time is what one free core needs.
  const speed = result.marketMs / 1000 / wall;
  const cpuSpeed = result.marketMs / 1000 / cpu;
  rows.push(
    `| ${strategy} | ${hours} h | ${wall.toFixed(1)} s | ${Math.round(speed)}× | ${cpu.toFixed(1)} s | ` +
      `${Math.round(cpuSpeed)}× | ${(86_400 / cpuSpeed).toFixed(0)} s | ${result.totals.trades} | ` +
      `${cpuSpeed >= TARGET ? 'met' : 'NOT met'} |`,
  );
  console.log(
    `${strategy}: ${hours} h of market in ${wall.toFixed(1)} s wall (${Math.round(speed)}×), ${cpu.toFixed(1)} s CPU ` +
      `(${Math.round(cpuSpeed)}× per core); ${result.totals.trades} trades, profit ${result.totals.profitUsdt} USDT`,
  );
}
console.log(
  `\nload average at the end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${cpus().length} cores)`,
);
console.log(
  '| strategy | market | wall | speed (wall) | CPU | speed (CPU, one core) | 24 h takes (CPU) | trades | ≥ 500× |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) console.log(r);
console.log(`\nreproduce: node bench/run.mjs bench/backtest.ts --hours ${hours} --seed ${seed}`);
