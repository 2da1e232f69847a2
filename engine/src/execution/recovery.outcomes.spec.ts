import { describe, expect, it } from 'vitest';
import { PaperOrders } from './paper-gateway.js';
import { RECOVERY_NOTHING_EXECUTED, recoverExecution } from './recovery.js';
import { cid, markets, paperExchange, pending } from './testing/recovery-fixture.js';

describe('recovery: what the orders found make of the trade', () => {
  it('both legs filled before the executor died: completed, profit = 102 − 0.204 − 100 − 0.001 BTC at 100 = 1.696', async () => {
    const registry = new PaperOrders();
    const first = paperExchange(registry);
    await first.createOrder('binance', 'BTC/USDT', 'limit', 'buy', '1', '100', cid(1));
    await first.createOrder('gateio', 'BTC/USDT', 'limit', 'sell', '1', '102', cid(2));
    const record = await recoverExecution(pending, paperExchange(registry), markets);
    expect(record.status).toBe('completed');
    expect(record.failureReason).toBeNull();
    expect(record.profit).toBe('1.696');
    expect(record.profitPercent).toBe('1.69600000'); // 1.696 / 100 (the buy's fee is in the BTC received)
    expect(record.legs.map((l) => [l.seq, l.kind])).toEqual([
      [1, 'entry'],
      [2, 'entry'],
    ]);
  });

  it('the process died with its paper orders: nothing was executed, nothing changes', async () => {
    const record = await recoverExecution(pending, paperExchange(new PaperOrders()), markets);
    expect(record).toMatchObject({
      status: 'failed',
      failureReason: RECOVERY_NOTHING_EXECUTED,
      profit: '0',
      legs: [],
      deltas: [],
    });
  });

  it('a second order with a client id already used is refused, as an exchange would', async () => {
    const registry = new PaperOrders();
    await paperExchange(registry).createOrder('binance', 'BTC/USDT', 'limit', 'buy', '1', '100', cid(1));
    await expect(
      paperExchange(registry).createOrder('binance', 'BTC/USDT', 'limit', 'buy', '1', '100', cid(1)),
    ).rejects.toThrow('ordem duplicada');
  });
});
