import type { Bot } from '@arbitra/contracts';

/** A bot as GET /api/bots answers it, for the home's tests. */
export function bot(overrides: Partial<Bot> = {}): Bot {
  return {
    id: 'b1',
    name: 'Alfa',
    strategy: 'arbitrage',
    pairs: ['BTC/USDT'],
    exchanges: ['binance', 'gateio'],
    riskLevel: 'medium',
    maxInvestment: 1000,
    minProfitPercent: 0.2,
    minProfitAfterRebalance: false,
    active: true,
    status: 'running',
    statusReason: null,
    mode: 'paper',
    totalTrades: 0,
    totalProfit: 0,
    profitPercent: 0,
    totalProfitExact: '0',
    totalProfitBrl: '0.00',
    nakedExposure: {},
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
