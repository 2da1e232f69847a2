import { describe, expect, it } from 'vitest';
import {
  botRebalanceTransferBrl,
  crossRebalanceShare,
  SHIPPED_TRANSFER_FEES,
  undoRoutes,
  type Opportunity,
} from '@arbitra/contracts';
import { twoLegOpportunity } from '../execution/testing/opportunity.js';
import { budgetUsdt, executionKey, matches, type RunningBot } from './bot-matcher.js';

const bot = (over: Partial<RunningBot> = {}): RunningBot => ({
  id: 'bot-1',
  userId: 'u',
  name: 'Bot',
  strategy: 'arbitrage',
  pairs: new Set(['BTC/USDT', 'ETH/USDT']),
  exchanges: new Set(['binance', 'gateio', 'mexc']),
  riskLevel: 'medium',
  maxInvestment: '1090',
  minProfitPercent: 0.5,
  rebalanceTransferBrl: null,
  mode: 'paper',
  balances: new Map(),
  ...over,
});

const opp = (over: Partial<Opportunity> = {}): Opportunity => ({
  ...twoLegOpportunity({
    buy: { exchange: 'binance', price: '100', feeRate: '0.001' },
    sell: { exchange: 'gateio', price: '101', feeRate: '0.002' },
    netPercent: '0.7000',
    profitUsdt: '0.7',
    profitBrl: '3.815',
    openedAt: 1699999999990,
    firstSeen: 1700000000000,
  }),
  ...over,
});

describe('bot matching', () => {
  it('matches strategy, pairs, exchanges and the minimum profit', () => {
    expect(matches(bot(), opp())).toBe(true);
    expect(matches(bot({ strategy: 'triangular' }), opp())).toBe(false);
    expect(matches(bot({ pairs: new Set(['ETH/USDT']) }), opp())).toBe(false);
    expect(matches(bot({ exchanges: new Set(['binance', 'mexc']) }), opp())).toBe(false);
    expect(matches(bot({ minProfitPercent: 0.7 }), opp())).toBe(true);
    expect(matches(bot({ minProfitPercent: 0.71 }), opp())).toBe(false);
  });

  it('with “Lucro mínimo após rebalanceamento” on, compares the minimum with the profit after rebalancing', () => {
    // 1 BTC bought at 100 USDT on Binance, sold on Gate.io; USDT/BRL 5; net R$ 3,50 on R$ 500 (0,70 %).
    // Undo: BTC on BEP20 (0.0000049 × 100 × 5 = R$ 0,00245) + USDT on BEP20 (0.5 × 5 = R$ 2,50) = R$ 2,50245.
    // The bot's transfer: R$ 1.090 ÷ 3 exchanges = R$ 363,33 → share 500 × 2.50245 ÷ 363.33 = R$ 3,4438;
    // after = R$ 0,0562 → 0,0112 %.
    const move = {
      base: 'BTC',
      quote: 'USDT',
      buyExchange: 'binance' as const,
      sellExchange: 'gateio' as const,
      amount: '1',
      price: '100',
      quoteBrl: '5',
      netBrl: '3.5',
      capitalBrl: '500',
    };
    const o = opp({
      rebalance: crossRebalanceShare(
        move,
        undoRoutes(SHIPPED_TRANSFER_FEES, 'BTC', 'USDT', 'binance', 'gateio'),
        '5000',
      ),
    });
    const transfer = botRebalanceTransferBrl({
      minProfitAfterRebalance: true,
      maxInvestment: '1090',
      exchanges: ['binance', 'gateio', 'mexc'],
    });
    expect(transfer).toBe('363.33');
    // off: the net 0,70 % passes a 0,5 % minimum
    expect(matches(bot(), o)).toBe(true);
    // on: 0,0112 % after rebalancing does not
    expect(matches(bot({ rebalanceTransferBrl: transfer }), o)).toBe(false);
    expect(matches(bot({ rebalanceTransferBrl: transfer, minProfitPercent: 0.0112 }), o)).toBe(true);
    expect(matches(bot({ rebalanceTransferBrl: transfer, minProfitPercent: 0.0113 }), o)).toBe(false);
    // no route, or no figure at all: not taken (never free)
    const noRoute = opp({
      rebalance: crossRebalanceShare(
        { ...move, base: 'BNB', sellExchange: 'mercadobitcoin' },
        undoRoutes(SHIPPED_TRANSFER_FEES, 'BNB', 'USDT', 'binance', 'mercadobitcoin'),
        '5000',
      ),
    });
    expect(matches(bot({ rebalanceTransferBrl: transfer, minProfitPercent: 0.01 }), noRoute)).toBe(false);
    expect(matches(bot({ rebalanceTransferBrl: transfer, minProfitPercent: 0.01 }), opp())).toBe(false);
  });

  it('needs the statistical signal at the bot risk level threshold', () => {
    const stat = (levels: ('low' | 'medium' | 'high')[]) =>
      opp({
        strategy: 'statistical',
        statistical: {
          spreadBps: 40,
          meanBps: 0,
          stdDevBps: 20,
          zScore: 2,
          riskLevels: levels,
          samples: 200,
        },
      });
    expect(matches(bot({ strategy: 'statistical', riskLevel: 'medium' }), stat(['high', 'medium']))).toBe(
      true,
    );
    expect(matches(bot({ strategy: 'statistical', riskLevel: 'low' }), stat(['high', 'medium']))).toBe(false);
  });

  it('reads a triangle through its USDT pairs', () => {
    const tri = opp({
      strategy: 'triangular',
      exchanges: ['binance'],
      symbols: ['BTC/USDT', 'ETH/BTC', 'ETH/USDT'],
    });
    expect(matches(bot({ strategy: 'triangular' }), tri)).toBe(true);
    expect(matches(bot({ strategy: 'triangular', pairs: new Set(['BTC/USDT']) }), tri)).toBe(false);
  });

  it('keys an execution by bot, opportunity and the exchange time it opened at, not by a local clock', () => {
    expect(executionKey('bot-1', opp())).toBe('bot-1:arbitrage:BTC/USDT:binance>gateio:1699999999990');
    // Two engines saw it at different local times (their own firstSeen): one key.
    expect(executionKey('bot-1', opp({ firstSeen: 1700000000500 }))).toBe(executionKey('bot-1', opp()));
  });
});

describe('sizing by risk level (DECISIONS §8)', () => {
  // maxInvestment R$ 1090 at 5.45 = 200 USDT
  it('engages 25 / 50 / 100 % of maxInvestment', () => {
    expect(budgetUsdt(bot({ riskLevel: 'low' }), opp())).toBe('50');
    expect(budgetUsdt(bot({ riskLevel: 'medium' }), opp())).toBe('100');
    expect(budgetUsdt(bot({ riskLevel: 'high' }), opp())).toBe('200');
  });

  it('is capped by the USDT the bot holds on the buying exchange', () => {
    expect(
      budgetUsdt(bot({ riskLevel: 'high', balances: new Map([['binance|USDT', '80.123456789']]) }), opp()),
    ).toBe('80.12345678');
    expect(budgetUsdt(bot({ balances: new Map([['binance|USDT', '0']]) }), opp())).toBe('0');
  });
});
