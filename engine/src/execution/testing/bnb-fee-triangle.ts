import type { Opportunity } from '@arbitra/contracts';
import type { ExecutionContext } from '../cross-exchange.executor.js';
import { btcEthTriangle } from './opportunity.js';
import { ScriptedGateway } from './scripted-gateway.js';

/**
 * A triangular trade on Binance whose fees are paid in BNB (and, for leg 1, partly in the BTC received: the BNB
 * ran out mid-order), budget 1,000 USDT, at USDT/BRL 5,45, BNB marked at 600 USDT:
 *   leg 1: buy min(0.01, 1000 / (100000 × 1.001) = 0.00999000…) → 0.00999 BTC (step 0.00001) @100000 = 999 USDT;
 *          fees 0.0015 BNB + 0.000001 BTC → BTC +0.009989, USDT −999, BNB −0.0015
 *   leg 2: buy 0.009989 / (0.05 × 1.001) = 0.19958… → 0.1995 ETH (step 0.0001) @0.05 = 0.009975 BTC; fee 0.0002 BNB
 *          → ETH +0.1995, BTC −0.009975, BNB −0.0002
 *   leg 3: sell 0.1995 ETH @5030 = 1003.485 USDT; fee 0.1 % = 1.003485 USDT → USDT +1002.481515
 *   USDT +3.481515; BTC left 0.000014 × 100000 (leg 1's price) = +1.4; BNB −0.0017 × 600 (its mark) = −1.02
 *   profit = 3.481515 + 1.4 − 1.02 = 3.861515 USDT (the USDT alone: 3.481515)
 *   fees R$ = (0.0015 + 0.0002) BNB × 600 × 5.45 + 0.000001 BTC × 100000 × 5.45 + 1.003485 × 5.45
 *           = 5.559 + 0.545 + 5.46899325 = 11.57299325
 */
export const BNB_TRIANGLE = {
  profit: '3.861515',
  usdtChange: '3.481515',
  feesBrl: '11.57299325',
  deltas: { USDT: '3.481515', BTC: '0.000014', ETH: '0', BNB: '-0.0017' },
};

export function bnbTriangleOpportunity(): Opportunity {
  return btcEthTriangle({
    legs: [
      ['0.01', '100000'],
      ['0.2', '0.05'],
      ['0.2', '5030'],
    ],
    netPercent: '0.5',
    size: '1000',
    profitUsdt: '5',
    profitBrl: '27.25',
  });
}

const STEPS: Record<string, number> = { 'BTC/USDT': 0.00001, 'ETH/BTC': 0.0001, 'ETH/USDT': 0.0001 };

/** The execution context of that trade for `bot` (its gateway scripted as above). */
export function bnbTriangleContext(
  bot: ExecutionContext['bot'],
  executionKey = 'bnb-triangle',
): ExecutionContext {
  return {
    executionKey,
    bot,
    opportunity: bnbTriangleOpportunity(),
    budgetUsdt: '1000',
    gateway: new ScriptedGateway(
      { USDT: '5000', BNB: '1' },
      {
        'BTC/USDT': [
          { cost: '0.0015', currency: 'BNB' },
          { cost: '0.000001', currency: 'BTC' },
        ],
        'ETH/BTC': [{ cost: '0.0002', currency: 'BNB' }],
      },
    ),
    amountStep: (_ex, s) => STEPS[s]!,
    minAmount: (_ex, s) => STEPS[s]!,
    markUsdt: (_ex, asset) => (asset === 'BNB' ? '600' : null),
    now: () => new Date('2026-11-20T12:00:00Z'),
  };
}
