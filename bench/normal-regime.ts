/**
 * What the simulated market's regimes pay a bot of the default settings (issue 24): return per day of a backtest
 * of BOT_DEFAULTS (R$ 1.000 ≈ its USDT, minimum profit 1,5 %) and of a new user's keener bot (minimum profit 0,1 %)
 * on the 4 major pairs × the 5 exchanges, over each regime, at the documented default latency.
 *
 *   node bench/run.mjs bench/normal-regime.ts                       # 6 h of 'Normal' and 'Agitado', seed 42
 *   node bench/run.mjs bench/normal-regime.ts --hours 24 --regimes normal --seed 7
 */
import {
  BOT_DEFAULTS,
  DEFAULT_EXECUTION_LATENCY,
  EXCHANGE_IDS,
  type BacktestBotConfig,
  type BacktestVolatility,
} from '@arbitra/contracts';
import { runBacktest } from '../engine/src/backtest/backtest.js';
import { arg } from './support.js';

const hours = Number(arg('hours', '6'));
const seed = Number(arg('seed', '42'));
const regimes = arg('regimes', 'normal,agitated').split(',') as BacktestVolatility[];
const base: BacktestBotConfig = {
  name: 'Bot padrão',
  strategy: BOT_DEFAULTS.strategy,
  riskLevel: BOT_DEFAULTS.riskLevel,
  maxInvestment: BOT_DEFAULTS.maxInvestment,
  minProfitPercent: BOT_DEFAULTS.minProfitPercent,
  pairs: ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'BNB/USDT'],
  exchanges: [...EXCHANGE_IDS],
  latency: DEFAULT_EXECUTION_LATENCY,
};
const bots = [base, { ...base, name: 'Bot 0,1 %', minProfitPercent: 0.1 }];

console.log(
  `regimes: ${hours} h of market each, seed ${seed}, latency ${JSON.stringify(DEFAULT_EXECUTION_LATENCY)}`,
);
console.log(
  '| regime | bot | trades | success | return | return / day | realised profit / day | max drawdown |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const volatility of regimes)
  for (const bot of bots) {
    const { result } = await runBacktest(bot, {
      kind: 'simulated',
      seed,
      durationMs: hours * 3_600_000,
      volatility,
    });
    const t = result.totals;
    // the trades' own profit, without the inventory's move with the market (what the marked-to-market return adds)
    const realisedPerDay = (Number(t.profitUsdt) / Number(t.capitalUsdt)) * 100 * (24 / hours);
    console.log(
      `| ${volatility} | ${bot.name} (${bot.minProfitPercent} %) | ${t.trades} | ${t.successRate.toFixed(1)} % | ` +
        `${t.returnPercent.toFixed(2)} % | ${(t.returnPerDayPercent ?? NaN).toFixed(2)} % | ${realisedPerDay.toFixed(2)} % | ` +
        `${t.maxDrawdownPercent.toFixed(2)} % |`,
    );
  }
