import { crossRebalanceShare, noTransferShare, SHIPPED_TRANSFER_FEES, undoRoutes } from '@arbitra/contracts';
import { describe, expect, it } from 'vitest';
import { arbitrage, statistical, triangular } from '../testing/fixtures';
import {
  formatAge,
  formatAmount,
  formatBrlAmount,
  formatFeeRate,
  formatNetPercent,
  formatPrice,
  formatUsdt,
  opportunityAgeMs,
  opportunityRowText,
  publicCountText,
  routeText,
  shiftDecimal,
} from './opportunity-format';

// Intl puts a no-break space after 'R$'.
const NBSP = '\u00a0';

describe('an opportunity row', () => {
  it('writes a simple arbitrage as buy here → sell there, with exact money', () => {
    expect(opportunityRowText(arbitrage())).toEqual({
      strategy: 'Simples',
      route: 'Compra Binance → Vende Gate.io',
      pairs: 'BTC/USDT',
      net: '0,1234%',
      size: '0,0123 BTC',
      capital: '787,20 USDT',
      // '1.005' as a float is 1.00499…: a float would show R$ 1,00.
      profitBrl: `R$${NBSP}1,01`,
      profitUsdt: '0,9714 USDT',
      // no 'lucro após rebalanceamento' computed for this opportunity: a dash, not a figure
      after: '—',
      afterBrl: '',
    });
  });

  it("writes the 'após rebalanceamento' figure exactly, rounded to centavos without decimal.js", () => {
    // Buy 0.01 BTC on Binance at 60 000 USDT, sell on Gate.io, USDT/BRL 5, net R$ 9 on R$ 3 003: the two undo
    // transfers' share at R$ 5.000 is R$ 2,382 → R$ 6,618 after, 0,2204 % (opportunity-filter.spec.ts's case).
    const rebalance = crossRebalanceShare(
      {
        base: 'BTC',
        quote: 'USDT',
        buyExchange: 'binance',
        sellExchange: 'gateio',
        amount: '0.01',
        price: '60000',
        quoteBrl: '5',
        netBrl: '9',
        capitalBrl: '3003',
      },
      undoRoutes(SHIPPED_TRANSFER_FEES, 'BTC', 'USDT', 'binance', 'gateio'),
      '5000',
    );
    expect(opportunityRowText(arbitrage({ rebalance }))).toMatchObject({
      after: '0,2204%',
      afterBrl: `R$${NBSP}6,62`,
    });
    // a loss under half a centavo is R$ 0,00, not '-R$ 0,00' (as the trades' R$ figures)
    expect(
      opportunityRowText(triangular({ rebalance: noTransferShare('-0.004', '1500', '5000') })).afterBrl,
    ).toBe(`R$${NBSP}0,00`);
  });

  it('writes a triangle as its path on its exchange', () => {
    const text = opportunityRowText(triangular());
    expect(text.strategy).toBe('Triangular');
    expect(text.route).toBe('Binance: USDT → BTC → ETH → USDT');
    expect(text.pairs).toBe('BTC/USDT · ETH/BTC · ETH/USDT');
    expect(text.net).toBe('0,0812%');
    expect(text.size).toBe('320,00 USDT');
    expect(opportunityRowText(triangular({ size: '16516.0930734' })).size).toBe('16.516,0931 USDT');
  });

  it('writes a statistical one like a simple one, labelled Estatística', () => {
    const text = opportunityRowText(statistical());
    expect(text.strategy).toBe('Estatística');
    expect(text.route).toBe('Compra MEXC → Vende Bybit');
    expect(text.profitBrl).toBe(`R$${NBSP}19,42`);
  });

  it('falls back to the direction when the legs do not say', () => {
    expect(routeText(arbitrage({ legs: [] }))).toBe('Compra Binance → Vende Gate.io');
  });
});

describe('number formats', () => {
  it('shows the net % with 2 to 4 decimals', () => {
    expect(formatNetPercent('0.1200')).toBe('0,12%');
    expect(formatNetPercent('0.1234')).toBe('0,1234%');
    expect(formatNetPercent('1.5')).toBe('1,50%');
    expect(formatNetPercent('12.34567')).toBe('12,3457%');
  });

  it('formats amounts, USDT, prices and R$ from decimal strings', () => {
    expect(formatAmount('0.01230000', 'BTC')).toBe('0,0123 BTC');
    expect(formatAmount('1234.5')).toBe('1.234,5');
    expect(formatUsdt('1234.5')).toBe('1.234,50 USDT');
    expect(formatUsdt('0.00049')).toBe('0,0005 USDT');
    expect(formatPrice('64123.50')).toBe('64.123,50');
    expect(formatPrice('0.9510')).toBe('0,9510');
    expect(formatPrice('7.200')).toBe('7,200');
    expect(formatPrice('64000')).toBe('64.000');
    expect(formatPrice('0.0000123')).toBe('0,0000123');
    expect(formatPrice('0.123456789')).toBe('0,12345679');
    expect(formatPrice(null)).toBe('—');
    expect(formatBrlAmount('12345678901234.565')).toBe(`R$${NBSP}12.345.678.901.234,57`);
    expect(formatBrlAmount('oops')).toBe('—');
  });

  it('shows a fee rate fraction as a percent, exactly', () => {
    expect(formatFeeRate('0.001')).toBe('0,1%');
    expect(formatFeeRate('0.00075')).toBe('0,075%');
    expect(formatFeeRate('0.002')).toBe('0,2%');
    expect(shiftDecimal('0.001', 2)).toBe('0.1');
    expect(shiftDecimal('12.5', 2)).toBe('1250');
    expect(shiftDecimal('-0.5', 2)).toBe('-50');
    expect(shiftDecimal('125', -4)).toBe('0.0125');
  });

  it('says how many the public list holds', () => {
    expect(publicCountText(0, 10)).toBe('Nenhuma oportunidade ativa agora');
    expect(publicCountText(1, 10)).toBe('1 oportunidade ativa');
    expect(publicCountText(7, 10)).toBe('7 oportunidades ativas');
    expect(publicCountText(37, 10)).toBe('As 10 melhores de 37 oportunidades ativas');
  });

  it('counts the age from first seen', () => {
    const o = arbitrage();
    expect(opportunityAgeMs(o, o.firstSeen + 7_400)).toBe(7_400);
    expect(opportunityAgeMs(o, o.firstSeen - 500)).toBe(0);
    expect(formatAge(7_400)).toBe('7 s');
    expect(formatAge(65_000)).toBe('1 min 05 s');
    expect(formatAge(3_720_000)).toBe('1 h 02 min');
  });
});
