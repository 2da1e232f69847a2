import { describe, expect, it } from 'vitest';
import { SHIPPED_TRANSFER_FEES, mergeTransferFees, transferRoute } from '@arbitra/contracts';
import { networksFromCcxt, ourNetwork, type CcxtCurrency, type CcxtFee } from './ccxt-transfer-fees.js';

// The shape ccxt 4 answers for Binance's fetchCurrencies (sapi capital/config/getall parsed), trimmed to two coins.
const CURRENCIES: Record<string, CcxtCurrency> = {
  USDT: {
    code: 'USDT',
    active: true,
    deposit: true,
    withdraw: true,
    fee: 1,
    networks: {
      ERC20: {
        id: 'ETH',
        network: 'ERC20',
        active: true,
        deposit: true,
        withdraw: true,
        fee: 4.5,
        limits: { withdraw: { min: 9 } },
      },
      TRC20: {
        id: 'TRX',
        network: 'TRC20',
        active: true,
        deposit: true,
        withdraw: false,
        fee: 1,
        limits: { withdraw: { min: 10 } },
      },
      BEP20: {
        id: 'BSC',
        network: 'BEP20',
        active: true,
        deposit: true,
        withdraw: true,
        fee: 0.29,
        limits: { withdraw: { min: 10 } },
      },
      OPBNB: {
        id: 'OPBNB',
        network: 'OPBNB',
        active: true,
        deposit: true,
        withdraw: true,
        fee: 0.1,
        limits: { withdraw: { min: 1 } },
      },
    },
  },
  BTC: {
    code: 'BTC',
    active: true,
    deposit: true,
    withdraw: true,
    networks: {
      BTC: {
        id: 'BTC',
        network: 'BTC',
        active: true,
        deposit: true,
        withdraw: true,
        fee: '0.00013',
        limits: { withdraw: { min: '0.00026' } },
      },
      BSC: {
        id: 'BSC',
        network: 'BSC',
        active: false,
        deposit: false,
        withdraw: false,
        fee: 0.0000046,
        limits: { withdraw: { min: 0.00001 } },
      },
    },
  },
};

// fetchDepositWithdrawFees of an exchange that has no fetchCurrencies networks (fees only).
const FEES: Record<string, CcxtFee> = {
  ETH: {
    withdraw: { fee: 0.0012 },
    networks: { ETH: { withdraw: { fee: 0.0012 } }, ARBONE: { withdraw: { fee: 0.00015 } } },
  },
};

describe('networksFromCcxt', () => {
  it('maps ccxt networks to our codes with exact fees, minimums and the open/closed switches', () => {
    const n = networksFromCcxt(['USDT', 'BTC', 'ETH'], { currencies: CURRENCIES });
    expect(n.USDT).toEqual([
      { network: 'BEP20', fee: '0.29', minWithdraw: '10', withdraw: true, deposit: true, minutes: 5 },
      { network: 'ERC20', fee: '4.5', minWithdraw: '9', withdraw: true, deposit: true, minutes: 15 },
      { network: 'TRC20', fee: '1', minWithdraw: '10', withdraw: false, deposit: true, minutes: 5 },
    ]); // OPBNB is not a network of ours: left out, never guessed
    expect(n.BTC).toEqual([
      {
        network: 'BEP20',
        fee: '0.0000046',
        minWithdraw: '0.00001',
        withdraw: false,
        deposit: false,
        minutes: 5,
      },
      { network: 'BTC', fee: '0.00013', minWithdraw: '0.00026', withdraw: true, deposit: true, minutes: 40 },
    ]);
    expect(n.ETH).toBeUndefined(); // not in the answer: the table keeps its figures
  });

  it('takes the fees of fetchDepositWithdrawFees where fetchCurrencies has none', () => {
    const n = networksFromCcxt(['ETH'], { fees: FEES });
    expect(n.ETH).toEqual([
      { network: 'ARBITRUM', fee: '0.00015', minWithdraw: '0', withdraw: true, deposit: true, minutes: 10 },
      { network: 'ERC20', fee: '0.0012', minWithdraw: '0', withdraw: true, deposit: true, minutes: 15 },
    ]);
  });

  it('knows the usual spellings', () => {
    expect(['ETH', 'TRX', 'BSC', 'ARBONE', 'MATIC', 'AVAXC', 'sol'].map(ourNetwork)).toEqual([
      'ERC20',
      'TRC20',
      'BEP20',
      'ARBITRUM',
      'POLYGON',
      'AVAXC',
      'SOL',
    ]);
    expect(ourNetwork('LIGHTNING')).toBeNull();
  });
});

describe('mergeTransferFees', () => {
  it('replaces what was read, keeps the rest, says so; a network disabled there is no longer suggested', () => {
    const at = '2026-11-28T21:00:00.000Z';
    const table = mergeTransferFees(
      SHIPPED_TRANSFER_FEES,
      { binance: networksFromCcxt(['USDT', 'BTC'], { currencies: CURRENCIES }) },
      at,
    );
    expect(table.source).toBe('ccxt');
    expect(table.asOf).toBe(at);
    expect(table.origin).toContain('via ccxt (binance)');
    expect(table.origin).toContain('pela tabela embarcada de 2026-11-28');
    expect(table.fees.binance.ETH).toEqual(SHIPPED_TRANSFER_FEES.fees.binance.ETH);
    expect(table.fees.gateio).toBe(SHIPPED_TRANSFER_FEES.fees.gateio);
    // the refreshed fee is the one used: binance → gateio USDT on BEP20, 0.01 shipped, 0.29 refreshed
    expect(transferRoute(SHIPPED_TRANSFER_FEES, 'USDT', 'binance', 'gateio')).toMatchObject({
      network: 'BEP20',
      fee: '0.01',
    });
    expect(transferRoute(table, 'USDT', 'binance', 'gateio')).toMatchObject({
      network: 'BEP20',
      fee: '0.29',
    });
    // binance → bybit (no BEP20 there): TRC20 (fee 1) is cheaper than ERC20 (4.5) but Binance disabled its withdrawals
    expect(transferRoute(table, 'USDT', 'binance', 'bybit')).toMatchObject({ network: 'ERC20', fee: '4.5' });
    // nothing read: the shipped table as it is
    expect(mergeTransferFees(SHIPPED_TRANSFER_FEES, { binance: {} }, at)).toBe(SHIPPED_TRANSFER_FEES);
  });
});
