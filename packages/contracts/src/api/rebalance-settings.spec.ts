import { describe, expect, it } from 'vitest';
import { parseBacktestRequest } from './backtests.js';
import { parseBot, validateBot } from './bots.js';

const bot = {
  name: 'Bot',
  pairs: ['BTC/USDT'],
  exchanges: ['binance', 'gateio'],
  maxInvestment: 1000,
  minProfitPercent: 0.5,
};

describe("issue 29's settings in the request schemas", () => {
  it("'Lucro mínimo após rebalanceamento': off by default, a boolean, a pt-BR error otherwise", () => {
    const off = parseBot(bot);
    expect(off.success && off.data.minProfitAfterRebalance).toBe(false);
    const on = parseBot({ ...bot, minProfitAfterRebalance: true });
    expect(on.success && on.data.minProfitAfterRebalance).toBe(true);
    expect(validateBot({ ...bot, minProfitAfterRebalance: 'sim' })).toBe(
      'Lucro mínimo após rebalanceamento deve ser ativado ou desativado',
    );
  });

  it("'Rebalancear quando o desvio passar de X %': 1 to 100, absent or null is off", () => {
    const source = { kind: 'simulated', seed: 1, durationMs: 3_600_000, volatility: 'calm' };
    const parsed = parseBacktestRequest({
      bot: { ...bot, minProfitAfterRebalance: true },
      source,
      rebalanceSkewPercent: 20,
    });
    expect(parsed.success && parsed.data.bot).toMatchObject({
      rebalanceSkewPercent: 20,
      minProfitAfterRebalance: true,
    });
    const off = parseBacktestRequest({ bot, source, rebalanceSkewPercent: null });
    expect(off.success && 'rebalanceSkewPercent' in off.data.bot).toBe(false);
    for (const bad of [0, 101, '20'])
      expect(parseBacktestRequest({ bot, source, rebalanceSkewPercent: bad })).toMatchObject({
        success: false,
        message: 'Desvio para rebalancear inválido: informe um percentual de 1 a 100',
      });
  });
});
