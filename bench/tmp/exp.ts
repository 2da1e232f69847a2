import { runBacktest } from '../../engine/src/backtest/backtest.js';
const bot = { name: 'x', strategy: 'arbitrage', pairs: ['BTC/USDT','ETH/USDT','SOL/USDT','BNB/USDT'], exchanges: ['binance','bybit','gateio','mexc','mercadobitcoin'], riskLevel: 'medium', maxInvestment: 1000, minProfitPercent: 0.1 } as any;
for (const lat of [ {p50Ms:0,p99Ms:0}, {p50Ms:60,p99Ms:400}, {p50Ms:300,p99Ms:1500} ]) {
  const { result } = await runBacktest({ ...bot, latency: lat }, { kind: 'simulated', seed: 42, durationMs: Number(process.env.H ?? 2) * 3600_000, volatility: (process.env.V ?? 'normal') as any });
  const t = result.totals;
  console.log(JSON.stringify(lat), 'trades', t.trades, 'succ', t.successRate.toFixed(1), 'profit', t.profitUsdt.slice(0,8), 'ret%', t.returnPercent.toFixed(2), '/day', t.returnPerDayPercent?.toFixed(2), 'dd%', t.maxDrawdownPercent.toFixed(2), JSON.stringify(t.funnel), 'wall', result.wallMs);
}
