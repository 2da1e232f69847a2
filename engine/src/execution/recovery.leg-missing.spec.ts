import { describe, expect, it } from 'vitest';
import { PaperOrders } from './paper-gateway.js';
import { RECOVERY_UNWOUND, recoverExecution } from './recovery.js';
import { cid, markets, paperExchange, pending } from './testing/recovery-fixture.js';
import { quoteDelta } from './trade-ledger.js';

describe('recovery of an execution interrupted after its buy leg filled', () => {
  it('finds the buy by client order id, sells it back at market, and records a failed trade with the loss', async () => {
    const registry = new PaperOrders();
    // First attempt: the buy fills (1 BTC at 100, fee 0.001 BTC); the executor dies before placing the sell.
    await paperExchange(registry).createOrder('binance', 'BTC/USDT', 'limit', 'buy', '1', '100', cid(1));

    // Retry in the same process: a new gateway on the unchanged balances, the same paper exchange.
    const record = await recoverExecution(pending, paperExchange(registry), markets);

    // Sell the 0.999 BTC held at market on binance: bid 99, 98.901, fee 0.098901.
    // Profit = −100 + 98.802099 = −1.197901 USDT.
    expect(record.status).toBe('failed');
    expect(record.failureReason).toBe(RECOVERY_UNWOUND);
    expect(record.profit).toBe('-1.197901');
    expect(quoteDelta(record.deltas).toFixed()).toBe('-1.197901');
    expect(record.legs.map((l) => [l.seq, l.kind, l.exchange, l.side, l.filledAmount, l.avgPrice])).toEqual([
      [1, 'entry', 'binance', 'buy', '1', '100'],
      [4, 'unwind', 'binance', 'sell', '0.999', '99'],
    ]);
    expect(record.buyPrice).toBe('100');
    expect(record.sellPrice).toBe('102'); // the sell never happened: the planned price stays
    expect(record.nakedExposure).toBeUndefined();
    // BTC back where it was: bought 1 (0.999 after the fee), sold 0.999 on binance.
    const btc = record.deltas.filter((d) => d.asset === 'BTC').reduce((s, d) => s + Number(d.delta), 0);
    expect(btc).toBe(0);

    // Recovered again (the first recovery died before its record): the unwind is found, nothing new is placed.
    const again = await recoverExecution(pending, paperExchange(registry), markets);
    expect(again.legs.map((l) => [l.seq, l.kind, l.side])).toEqual([
      [1, 'entry', 'buy'],
      [4, 'unwind', 'sell'],
    ]);
    expect(again).toMatchObject({ status: 'failed', failureReason: RECOVERY_UNWOUND, profit: '-1.197901' });
  });
});
