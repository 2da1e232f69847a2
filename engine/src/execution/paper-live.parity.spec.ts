import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeId, ExecutionJob, Opportunity } from '@arbitra/contracts';
import { Dec } from '../market-data/money.js';
import {
  startLocalExchange,
  unpacedClientFactory,
  type LocalExchange,
  type MarketSpec,
} from '../testing/local-exchanges/index.js';
import { CcxtLiveGateway } from './live-gateway.js';
import type { OrderGateway } from './order-gateway.js';
import { PaperGateway, PaperOrders, type BookView } from './paper-gateway.js';
import { runExecution } from './run-execution.js';
import { btcEthTriangle, twoLegOpportunity } from './testing/opportunity.js';
import type { ExecutionRecord } from './trade-ledger.js';

/**
 * Paper ≡ live (issue 26 item 3): the same bot on the same book sequence, once through the paper gateway (the fill
 * model) and once through the live gateway (ccxt's real classes) against local exchanges seeded with the same books
 * and balances, records the same trades: legs (amounts, prices, fees and their asset), balance changes, profit.
 * Each step sets every book (both sides), then runs one execution job through runExecution, as the executor does.
 */

type Books = Record<string, { bids: [string, string][]; asks: [string, string][] }>;
interface Rules {
  tickSize: string;
  stepSize: string;
  minQty: string;
  minNotional: string;
}
/** Bybit and Binance BTC/USDT, ETH/USDT, ETH/BTC rules (tick, step, minimum amount, minimum value). */
const RULES: Record<string, Rules> = {
  'BTC/USDT': { tickSize: '0.01', stepSize: '0.00001', minQty: '0.00001', minNotional: '5' },
  'ETH/USDT': { tickSize: '0.01', stepSize: '0.0001', minQty: '0.0001', minNotional: '5' },
  'ETH/BTC': { tickSize: '0.00001', stepSize: '0.0001', minQty: '0.0001', minNotional: '0.0001' },
  // Mercado Bitcoin's BTC minimum as ccxt's mercado gives it (0.001); prices in reais
  'BTC/BRL': { tickSize: '0.01', stepSize: '0.00001', minQty: '0.001', minNotional: '10' },
};
const FEE = '0.001';
const KEY = { apiKey: 'PaRiTyKey0123456789abc', secret: 'PaRiTySecret0123456789abcdef0123' };

interface World {
  exchanges: Map<ExchangeId, LocalExchange>;
  live: OrderGateway;
  paper: OrderGateway;
  /** The paper books now (what the feed would show), per exchange and symbol. */
  books: Map<string, Books[string]>;
}

async function world(
  markets: Partial<Record<ExchangeId, string[]>>,
  balances: Partial<Record<ExchangeId, Record<string, string>>>,
): Promise<World> {
  const exchanges = new Map<ExchangeId, LocalExchange>();
  const clients = new Map<string, Awaited<ReturnType<ReturnType<LocalExchange['clientFactory']>>>>();
  for (const [exchange, symbols] of Object.entries(markets) as [ExchangeId, string[]][]) {
    const specs: MarketSpec[] = symbols.map((symbol) => {
      const [base, quote] = symbol.split('/') as [string, string];
      return { symbol, base, quote, ...RULES[symbol]!, status: 'open', bids: [], asks: [] };
    });
    const ex = await startLocalExchange(
      exchange,
      specs,
      [{ ...KEY, balances: balances[exchange] ?? {} }],
      FEE,
    );
    exchanges.set(exchange, ex);
    clients.set(exchange, await ex.clientFactory(unpacedClientFactory)(exchange, KEY, { timeoutMs: 5_000 }));
  }
  const books = new Map<string, Books[string]>();
  const toView = (b: Books[string], symbol: string): BookView => ({
    bids: b.bids.map(([p, a]) => [Number(p), Number(a)] as const),
    asks: b.asks.map(([p, a]) => [Number(p), Number(a)] as const),
    spec: {
      amountStep: Number(RULES[symbol]!.stepSize),
      minAmount: Number(RULES[symbol]!.minQty),
      minNotional: Number(RULES[symbol]!.minNotional),
    },
  });
  const views = new Map<string, BookView>();
  const paper = new PaperGateway(
    (exchange, symbol) => {
      const key = `${exchange}|${symbol}`;
      const b = books.get(key);
      if (!b) return undefined;
      // one view per book the feed sent (the paper registry counts the depth taken per book)
      if (!views.has(key)) views.set(key, toView(b, symbol));
      return views.get(key);
    },
    () => FEE,
    Object.entries(balances).flatMap(([exchange, assets]) =>
      Object.entries(assets).map(([asset, amount]) => ({ exchange, asset, amount })),
    ),
    new PaperOrders(),
  );
  return {
    exchanges,
    live: new CcxtLiveGateway(clients),
    paper,
    books: new Proxy(books, {
      get(target, prop, receiver) {
        if (prop === 'set')
          return (k: string, v: Books[string]) => {
            views.delete(k);
            return target.set(k, v);
          };
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }),
  };
}

/** A new book on every market of a step: the feed's (paper) and the exchange's (live). */
function setBooks(w: World, step: Partial<Record<ExchangeId, Books>>) {
  for (const [exchange, books] of Object.entries(step) as [ExchangeId, Books][]) {
    const venue = w.exchanges.get(exchange)!.venue;
    for (const [symbol, b] of Object.entries(books)) {
      const m = venue.market(symbol)!;
      m.bids = b.bids.map(([p, a]) => [p, a] as const);
      m.asks = b.asks.map(([p, a]) => [p, a] as const);
      w.books.set(`${exchange}|${symbol}`, b);
    }
  }
}

function job(o: Opportunity, n: number, budgetUsdt: string): ExecutionJob {
  return {
    botId: 'bot-1',
    userId: 'u-1',
    executionKey: `bot-1:${o.id}:${n}`,
    opportunity: o,
    budgetUsdt,
    enqueuedAt: n,
  };
}

async function run(w: World, gateway: OrderGateway, data: ExecutionJob, mode: 'paper' | 'live') {
  const out = await runExecution(data, {
    bot: { id: 'bot-1', userId: 'u-1', name: 'Paridade', strategy: data.opportunity.strategy, mode },
    gateway,
    amountStep: (_e, s) => Number(RULES[s]!.stepSize),
    minAmount: (_e, s) => Number(RULES[s]!.minQty),
    minNotional: (_e, s) => Number(RULES[s]!.minNotional),
    now: () => new Date('2026-11-28T00:00:00Z'),
  });
  if (out.kind !== 'executed') throw new Error(`${mode}: ${out.reason}`);
  return out.record;
}

/** What a user compares between two trades: everything but the exchange's order ids and the mode. */
function comparable(r: ExecutionRecord) {
  const { mode: _mode, legs, deltas, ...rest } = r;
  const n = (x: string) => new Dec(x).toFixed();
  return {
    ...rest,
    legs: legs.map(({ orderId: _id, ...l }) => ({
      ...l,
      requestedAmount: n(l.requestedAmount),
      filledAmount: n(l.filledAmount),
      avgPrice: n(l.avgPrice),
      quoteAmount: n(l.quoteAmount),
      fee: n(l.fee),
    })),
    deltas: deltas.map((d) => ({ ...d, delta: n(d.delta) })).filter((d) => !new Dec(d.delta).isZero()),
  };
}

async function balancesOf(gateway: OrderGateway, exchange: string): Promise<Record<string, string>> {
  const b = await gateway.fetchBalance(exchange);
  return Object.fromEntries<string>(
    Object.entries(b)
      .filter(([, v]) => !new Dec(v).isZero())
      .map(([k, v]): [string, string] => [k, new Dec(v).toFixed()])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Runs the steps on both worlds and asserts each trade and the final balances equal. */
async function parity(
  w: World,
  steps: { books: Partial<Record<ExchangeId, Books>>; opportunity: Opportunity; budgetUsdt: string }[],
) {
  const records: { paper: ExecutionRecord; live: ExecutionRecord }[] = [];
  for (const [i, s] of steps.entries()) {
    setBooks(w, s.books);
    const paper = await run(w, w.paper, job(s.opportunity, i, s.budgetUsdt), 'paper');
    const live = await run(w, w.live, job(s.opportunity, i, s.budgetUsdt), 'live');
    expect(comparable(live), `step ${i + 1}`).toEqual(comparable(paper));
    records.push({ paper, live });
  }
  for (const exchange of w.exchanges.keys())
    expect(await balancesOf(w.live, exchange), exchange).toEqual(await balancesOf(w.paper, exchange));
  return records;
}

describe('paper ≡ live: the same bot on the same books records the same trades', () => {
  const worlds: World[] = [];
  afterAll(async () => {
    for (const w of worlds) for (const ex of w.exchanges.values()) await ex.close();
  });

  describe('simple (cross-exchange arbitrage): buy on Bybit, sell on Binance', () => {
    let w: World;
    beforeAll(async () => {
      w = await world(
        { bybit: ['BTC/USDT'], binance: ['BTC/USDT'] },
        { bybit: { USDT: '5000' }, binance: { BTC: '0.1', USDT: '0' } },
      );
      worlds.push(w);
    });

    it('a full fill, then a partial one unwound at market, then a gone opportunity', async () => {
      const opp = (buy: string, sell: string, size: string) =>
        twoLegOpportunity({
          buy: { exchange: 'bybit', price: buy, feeRate: FEE },
          sell: { exchange: 'binance', price: sell, feeRate: FEE },
          size,
          netPercent: '0.3',
          profitUsdt: '1',
          profitBrl: '5.45',
        });
      const records = await parity(w, [
        {
          // both books deep enough: 0.02 BTC bought at 60 000 (two levels), sold at 60 300
          books: {
            bybit: {
              'BTC/USDT': {
                asks: [
                  ['59990', '0.01'],
                  ['60000', '0.5'],
                ],
                bids: [['59980', '1']],
              },
            },
            binance: { 'BTC/USDT': { bids: [['60300', '0.5']], asks: [['60310', '1']] } },
          },
          opportunity: opp('60000', '60300', '0.02'),
          budgetUsdt: '2000',
        },
        {
          // the sell book thinned: 0.012 of 0.03 sold, the rest bought is sold back on Bybit at market
          books: {
            bybit: {
              'BTC/USDT': {
                asks: [['60000', '0.5']],
                bids: [
                  ['59950', '0.02'],
                  ['59900', '1'],
                ],
              },
            },
            binance: {
              'BTC/USDT': {
                bids: [
                  ['60300', '0.012'],
                  ['60100', '1'],
                ],
                asks: [['60310', '1']],
              },
            },
          },
          opportunity: opp('60000', '60300', '0.03'),
          budgetUsdt: '2000',
        },
        {
          // gone: Bybit's ask moved above the limit, Binance's bid below
          books: {
            bybit: { 'BTC/USDT': { asks: [['60200', '0.5']], bids: [['60100', '1']] } },
            binance: { 'BTC/USDT': { bids: [['60000', '0.5']], asks: [['60010', '1']] } },
          },
          opportunity: opp('60000', '60300', '0.01'),
          budgetUsdt: '2000',
        },
      ]);
      expect(records.map((r) => r.live.status)).toEqual(['completed', 'failed', 'failed']);
      expect(records[1]!.live.legs.map((l) => [l.kind, l.status])).toEqual([
        ['entry', 'filled'],
        ['entry', 'partial'],
        ['unwind', 'filled'],
      ]);
    });
  });

  describe('simple on a BRL pair: buy on Mercado Bitcoin (no IOC: the remainder canceled), sell on Binance', () => {
    let w: World;
    beforeAll(async () => {
      w = await world(
        { mercadobitcoin: ['BTC/BRL'], binance: ['BTC/BRL'] },
        { mercadobitcoin: { BRL: '20000' }, binance: { BTC: '0.05', BRL: '0' } },
      );
      worlds.push(w);
    });

    it('a full fill, then a buy that fills in part (its rest canceled): what the sell did beyond it bought back on Binance', async () => {
      const opp = (size: string) =>
        twoLegOpportunity({
          symbol: 'BTC/BRL',
          buy: { exchange: 'mercadobitcoin', price: '350000', feeRate: FEE },
          sell: { exchange: 'binance', price: '352000', feeRate: FEE },
          size,
          netPercent: '0.37',
          profitUsdt: '1',
          profitBrl: '5.45',
        });
      const records = await parity(w, [
        {
          books: {
            mercadobitcoin: {
              'BTC/BRL': {
                asks: [
                  ['349900', '0.004'],
                  ['350000', '1'],
                ],
                bids: [['349000', '1']],
              },
            },
            binance: { 'BTC/BRL': { bids: [['352000', '1']], asks: [['352100', '1']] } },
          },
          opportunity: opp('0.01'),
          budgetUsdt: '1000',
        },
        {
          books: {
            mercadobitcoin: { 'BTC/BRL': { asks: [['350000', '0.004']], bids: [['349500', '1']] } },
            binance: { 'BTC/BRL': { bids: [['352000', '1']], asks: [['352100', '1']] } },
          },
          opportunity: opp('0.01'),
          budgetUsdt: '1000',
        },
      ]);
      expect(records.map((r) => r.live.status)).toEqual(['completed', 'failed']);
      expect(records[1]!.live.legs.map((l) => [l.kind, l.exchange, l.side, l.status])).toEqual([
        ['entry', 'mercadobitcoin', 'buy', 'partial'],
        ['entry', 'binance', 'sell', 'filled'],
        ['unwind', 'binance', 'buy', 'filled'],
      ]);
    });
  });

  describe('triangular: USDT → BTC → ETH → USDT on Bybit', () => {
    let w: World;
    beforeAll(async () => {
      w = await world({ bybit: ['BTC/USDT', 'ETH/BTC', 'ETH/USDT'] }, { bybit: { USDT: '3000' } });
      worlds.push(w);
    });

    it('a completed cycle, then one whose last leg fills in part and is unwound', async () => {
      const tri = () =>
        btcEthTriangle({
          legs: [
            ['0.02', '60000'],
            ['0.4', '0.05'],
            ['0.4', '3030'],
          ],
          netPercent: '0.8',
          size: '1200',
          profitUsdt: '9.6',
          profitBrl: '52.32',
        });
      const bybitTri = (): Opportunity => {
        const o = tri();
        return {
          ...o,
          id: 'triangular:bybit:USDT>BTC>ETH>USDT',
          exchanges: ['bybit'],
          legs: o.legs.map((l) => ({ ...l, exchange: 'bybit' as const })),
        };
      };
      const records = await parity(w, [
        {
          books: {
            bybit: {
              'BTC/USDT': { asks: [['60000', '1']], bids: [['59990', '1']] },
              'ETH/BTC': {
                asks: [
                  ['0.04999', '0.1'],
                  ['0.05', '10'],
                ],
                bids: [['0.04990', '10']],
              },
              'ETH/USDT': { asks: [['3031', '10']], bids: [['3030', '10']] },
            },
          },
          opportunity: bybitTri(),
          budgetUsdt: '1000',
        },
        {
          books: {
            bybit: {
              'BTC/USDT': { asks: [['60000', '1']], bids: [['59990', '1']] },
              'ETH/BTC': { asks: [['0.05', '10']], bids: [['0.04990', '10']] },
              'ETH/USDT': {
                asks: [['3031', '10']],
                bids: [
                  ['3030', '0.1'],
                  ['3000', '10'],
                ],
              },
            },
          },
          opportunity: bybitTri(),
          budgetUsdt: '1000',
        },
      ]);
      expect(records.map((r) => r.live.status)).toEqual(['completed', 'failed']);
    });
  });

  describe('statistical: the entry of a spread bet, Binance against Bybit', () => {
    let w: World;
    beforeAll(async () => {
      w = await world(
        { binance: ['ETH/USDT'], bybit: ['ETH/USDT'] },
        { binance: { USDT: '4000' }, bybit: { ETH: '2', USDT: '0' } },
      );
      worlds.push(w);
    });

    it('fills within its 5 bps allowance past the detected prices, then a partial entry unwound', async () => {
      const opp = (size: string) =>
        twoLegOpportunity({
          strategy: 'statistical',
          symbol: 'ETH/USDT',
          buy: { exchange: 'binance', price: '3000', feeRate: FEE },
          sell: { exchange: 'bybit', price: '3012', feeRate: FEE },
          size,
          netPercent: '0.2',
          profitUsdt: '2',
          profitBrl: '10.9',
        });
      const records = await parity(w, [
        {
          // the books moved 1 USDT against the bot since detection: inside the allowance (3001.5 / 3010.49)
          books: {
            binance: {
              'ETH/USDT': {
                asks: [
                  ['3001', '0.2'],
                  ['3001.5', '5'],
                ],
                bids: [['2999', '5']],
              },
            },
            bybit: {
              'ETH/USDT': {
                bids: [
                  ['3011', '0.3'],
                  ['3010.5', '5'],
                ],
                asks: [['3013', '5']],
              },
            },
          },
          opportunity: opp('0.5'),
          budgetUsdt: '2000',
        },
        {
          books: {
            binance: {
              'ETH/USDT': {
                asks: [
                  ['3000', '0.2'],
                  ['3010', '5'],
                ],
                bids: [['2995', '5']],
              },
            },
            bybit: { 'ETH/USDT': { bids: [['3012', '5']], asks: [['3013', '5']] } },
          },
          opportunity: opp('0.5'),
          budgetUsdt: '2000',
        },
      ]);
      expect(records.map((r) => r.live.status)).toEqual(['completed', 'failed']);
    });
  });
});
