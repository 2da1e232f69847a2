import { describe, expect, it } from 'vitest';
import { formatQuantityPtBr } from '../domain/decimal-display.js';
import { MESSAGES } from './index.js';

describe('a leg that fell short, in words that do not contradict themselves', () => {
  it("says 'não executada' for nothing filled and 'só' for a part, with pt-BR quantities", () => {
    const say = (filled: string, amount: string) =>
      MESSAGES.trades.legShortfall(
        'Perna de venda',
        formatQuantityPtBr(filled),
        formatQuantityPtBr(amount),
        'BTC',
        'compra desfeita',
      );
    expect(say('0', '0.02000000')).toBe('Perna de venda não executada (0 de 0,02 BTC); compra desfeita');
    expect(say('0.01', '0.02')).toBe('Perna de venda executou só 0,01 de 0,02 BTC; compra desfeita');
    expect(say('1234.5', '2000')).toBe('Perna de venda executou só 1.234,5 de 2.000 BTC; compra desfeita');
    expect(say('0', '0.02')).not.toMatch(/executou 0 de|\d\.\d/);
  });
});
