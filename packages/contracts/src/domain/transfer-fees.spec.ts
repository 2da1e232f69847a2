import { describe, expect, it } from 'vitest';
import { EXCHANGE_IDS } from './exchanges.js';
import { SHIPPED_TRANSFER_FEES, transferRoute, type TransferFeeTable } from './transfer-fees.js';

describe('transfer fees', () => {
  it('picks the cheapest network open on both sides', () => {
    // Binance → Gate.io USDT: TRC20 1, ERC20 3, BEP20 0.01 (Gate credits BEP20), SOL 1 → BEP20 at 0.01 USDT.
    expect(transferRoute(SHIPPED_TRANSFER_FEES, 'USDT', 'binance', 'gateio')).toEqual({
      asset: 'USDT',
      from: 'binance',
      to: 'gateio',
      network: 'BEP20',
      fee: '0.01',
      minWithdraw: '10',
      minutes: 5,
    });
    // Gate.io → Binance USDT: Gate's cheapest is BEP20 at 0.5.
    expect(transferRoute(SHIPPED_TRANSFER_FEES, 'USDT', 'gateio', 'binance')?.network).toBe('BEP20');
  });

  it('only uses a network the receiving exchange lists', () => {
    // Bybit lists no BEP20 USDT, so Binance → Bybit uses SOL (1 USDT, 3 min) over TRC20 (1 USDT, 5 min).
    const r = transferRoute(SHIPPED_TRANSFER_FEES, 'USDT', 'binance', 'bybit');
    expect([r?.network, r?.fee, r?.minutes]).toEqual(['SOL', '1', 3]);
  });

  it('never suggests a network one side has disabled', () => {
    const table: TransferFeeTable = structuredClone(SHIPPED_TRANSFER_FEES);
    for (const n of table.fees.gateio.USDT!) if (n.network === 'BEP20') n.deposit = false;
    expect(transferRoute(table, 'USDT', 'binance', 'gateio')?.network).not.toBe('BEP20');
    // Bybit withdraws no TRC20 in the shipped table.
    for (const to of EXCHANGE_IDS.filter((e) => e !== 'bybit'))
      expect(transferRoute(SHIPPED_TRANSFER_FEES, 'USDT', 'bybit', to)?.network ?? 'none').not.toBe('TRC20');
  });

  it('has no route for an asset one side does not list, or to itself', () => {
    expect(transferRoute(SHIPPED_TRANSFER_FEES, 'BNB', 'binance', 'mercadobitcoin')).toBeNull();
    expect(transferRoute(SHIPPED_TRANSFER_FEES, 'BTC', 'binance', 'binance')).toBeNull();
  });

  it('ties go to the faster network, then the name', () => {
    // Binance → MEXC USDT: TRC20 1 (5 min) vs SOL 1 (3 min) vs BEP20 0.01 → BEP20; make BEP20 dearer to test ties.
    const table: TransferFeeTable = structuredClone(SHIPPED_TRANSFER_FEES);
    for (const n of table.fees.binance.USDT!) if (n.network === 'BEP20') n.fee = '2';
    expect(transferRoute(table, 'USDT', 'binance', 'mexc')?.network).toBe('SOL');
  });

  it('routes every asset of the USDT pairs between every two exchanges that list it, in exact decimals', () => {
    for (const from of EXCHANGE_IDS)
      for (const to of EXCHANGE_IDS) {
        if (from === to) continue;
        for (const asset of Object.keys(SHIPPED_TRANSFER_FEES.fees[from])) {
          if (!SHIPPED_TRANSFER_FEES.fees[to][asset]) continue;
          const r = transferRoute(SHIPPED_TRANSFER_FEES, asset, from, to);
          expect(r, `${asset} ${from} → ${to}`).not.toBeNull();
          expect(r!.fee).toMatch(/^\d+(\.\d+)?$/);
        }
      }
  });
});
