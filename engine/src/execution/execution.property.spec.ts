import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExchangeId, Opportunity, OpportunityLeg } from '@arbitra/contracts';
import { Dec, type Dec as Decimal } from '../market-data/money.js';
import { executeCrossExchange, type ExecutionContext } from './cross-exchange.executor.js';
import type { GatewayOrder, OrderGateway, OrderSide, OrderType } from './order-gateway.js';
import { PaperGateway, type BookView } from './paper-gateway.js';
import { assertProfit, type ExecutionRecord } from './trade-ledger.js';
import { executeTriangular } from './triangular.executor.js';

/**
 * Property (issue 25): over random books, balances and market precisions, the executors never send an order
 * that exceeds what the bot holds or breaks its market's amount step, minimum amount or minimum value, and the
 * legs a trade records reproduce, to the last digit, what its orders did to the balances; its profit is the
 * value of every asset it changed at the trade's own prices (computed here independently of contracts' rule).
 */

const FEE = '0.001';
const STEPS = ['1', '0.1', '0.01', '0.001', '0.0001', '0.00001', '0.000001', '0.00000001'];

interface Market {
  step: string;
  minAmount: string;
  minNotional: number;
}

interface Book {
  asks: [number, number][];
  bids: [number, number][];
}

const marketArb = fc
  .record({
    step: fc.constantFrom(...STEPS),
    minSteps: fc.integer({ min: 1, max: 20 }),
    minNotional: fc.constantFrom(0, 1, 5, 10),
  })
  .map(({ step, minSteps, minNotional }): Market => ({
    step,
    minAmount: new Dec(step).mul(minSteps).toFixed(),
    minNotional,
  }));

/** A book around `mid`: up to 4 levels each side, prices on a tick, amounts on the market's step. */
function bookArb(mid: number, decimals: number, step: string): fc.Arbitrary<Book> {
  const tick = new Dec(10).pow(-decimals);
  const level = fc.record({
    gapTicks: fc.integer({ min: 1, max: 50 }),
    steps: fc.integer({ min: 1, max: 200_000 }),
  });
  const side = fc.array(level, { minLength: 1, maxLength: 4 });
  return fc
    .record({ asks: side, bids: side, spreadTicks: fc.integer({ min: 0, max: 20 }) })
    .map(({ asks, bids, spreadTicks }) => {
      const center = new Dec(mid).toDecimalPlaces(decimals);
      const walk = (ls: typeof asks, dir: 1 | -1) => {
        let p = center.plus(tick.mul(spreadTicks).mul(dir));
        return ls
          .map((l) => {
            p = p.plus(tick.mul(l.gapTicks).mul(dir));
            return [Number(p.toFixed()), Number(new Dec(step).mul(l.steps).toFixed())] as [number, number];
          })
          .filter(([price]) => price > 0);
      };
      return { asks: walk(asks, 1), bids: walk(bids, -1) };
    });
}

const balanceArb = fc
  .integer({ min: 0, max: 5_000_000_000 })
  .map((cents) => new Dec(cents).div(100_000).toFixed());

/** The order gateway of the paper exchange, checking every order against the market and the balances first. */
class CheckedGateway implements OrderGateway {
  readonly violations: string[] = [];
  constructor(
    readonly paper: PaperGateway,
    private readonly markets: (exchange: string, symbol: string) => Market,
  ) {}

  createOrder(
    exchange: string,
    symbol: string,
    type: OrderType,
    side: OrderSide,
    amount: string,
    price?: string,
    clientOrderId?: string,
  ): Promise<GatewayOrder> {
    const m = this.markets(exchange, symbol);
    const a = new Dec(amount);
    const [base, quote] = symbol.split('/') as [string, string];
    const what = `${type} ${side} ${amount} ${symbol} @${price ?? 'mercado'} em ${exchange}`;
    if (!a.mod(m.step).isZero()) this.violations.push(`${what}: fora do passo ${m.step}`);
    if (a.lt(m.minAmount)) this.violations.push(`${what}: abaixo do mínimo ${m.minAmount}`);
    if (price !== undefined && m.minNotional > 0 && a.mul(price).lt(m.minNotional))
      this.violations.push(`${what}: valor abaixo de ${m.minNotional}`);
    if (side === 'sell' && a.gt(this.paper.balance(exchange, base).toFixed()))
      this.violations.push(`${what}: vende mais que ${this.paper.balance(exchange, base).toFixed()} ${base}`);
    if (side === 'buy' && price !== undefined) {
      const cost = a.mul(price).mul(new Dec(FEE).plus(1));
      if (cost.gt(this.paper.balance(exchange, quote).toFixed()))
        this.violations.push(
          `${what}: custa mais que ${this.paper.balance(exchange, quote).toFixed()} ${quote}`,
        );
    }
    return this.paper.createOrder(exchange, symbol, type, side, amount, price, clientOrderId);
  }
  fetchOrder(id: string) {
    return this.paper.fetchOrder(id);
  }
  fetchOrderByClientId(clientOrderId: string, exchange: string, symbol: string) {
    return this.paper.fetchOrderByClientId(clientOrderId, exchange, symbol);
  }
  fetchBalance(exchange: string) {
    return this.paper.fetchBalance(exchange);
  }
}

/** Balance change per `exchange:asset` of the recorded legs (every fee in the asset it was charged in). */
function legChanges(r: ExecutionRecord): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  const add = (exchange: string, asset: string, d: Decimal) =>
    out.set(`${exchange}:${asset}`, (out.get(`${exchange}:${asset}`) ?? new Dec(0)).plus(d));
  for (const l of r.legs) {
    const [base, quote] = l.symbol.split('/') as [string, string];
    const filled = new Dec(l.filledAmount);
    const value = new Dec(l.quoteAmount);
    add(l.exchange, base, l.side === 'buy' ? filled : filled.negated());
    add(l.exchange, quote, l.side === 'buy' ? value.negated() : value);
    for (const f of [{ cost: l.fee, currency: l.feeAsset }, ...(l.otherFees ?? [])])
      add(l.exchange, f.currency, new Dec(f.cost).negated());
  }
  return out;
}

/**
 * The trade's value of each asset in USDT, written out for these markets: USDT 1; an asset at the average price
 * of the first leg that traded it against USDT; else through its cross pair.
 */
function usdtPrice(r: ExecutionRecord, asset: string): Decimal {
  if (asset === 'USDT') return new Dec(1);
  const traded = r.legs.filter((l) => l.symbol.startsWith(`${asset}/`) && new Dec(l.avgPrice).gt(0));
  const direct = traded.find((l) => l.symbol === `${asset}/USDT`);
  if (direct) return new Dec(direct.avgPrice);
  const cross = traded[0]!;
  return new Dec(cross.avgPrice).mul(usdtPrice(r, cross.symbol.split('/')[1]!));
}

function checkRecord(r: ExecutionRecord, gw: CheckedGateway, initial: ReadonlyMap<string, string>): void {
  expect(gw.violations).toEqual([]);
  const changes = legChanges(r);
  // the legs reproduce the balances: the paper exchange's, and the deltas the ledger applies
  const fromDeltas = new Map<string, Decimal>();
  for (const d of r.deltas)
    fromDeltas.set(
      `${d.exchange}:${d.asset}`,
      (fromDeltas.get(`${d.exchange}:${d.asset}`) ?? new Dec(0)).plus(d.delta),
    );
  for (const key of new Set([...changes.keys(), ...fromDeltas.keys()])) {
    const [exchange, asset] = key.split(':') as [string, string];
    const legs = changes.get(key) ?? new Dec(0);
    const held = gw.paper.balance(exchange, asset).minus(initial.get(key) ?? '0');
    expect(legs.toFixed(), `${key}: saldo`).toBe(new Dec(held.toFixed()).toFixed());
    expect(legs.toFixed(), `${key}: deltas`).toBe((fromDeltas.get(key) ?? new Dec(0)).toFixed());
  }
  // the profit: every asset changed, at the trade's own prices
  let value = new Dec(0);
  for (const [key, change] of changes)
    if (!change.isZero()) value = value.plus(change.mul(usdtPrice(r, key.split(':')[1]!)));
  expect(r.profit).toBe(value.toDecimalPlaces(18, Dec.ROUND_HALF_UP).toFixed());
  assertProfit(r);
}

function leg(
  exchange: ExchangeId,
  symbol: string,
  side: 'buy' | 'sell',
  amount: string,
  price: string,
): OpportunityLeg {
  return { exchange, symbol, side, amount, price, limitPrice: price, notional: '0', feeRate: FEE };
}

function opportunityOf(
  o: Pick<
    Opportunity,
    'id' | 'strategy' | 'exchanges' | 'symbols' | 'direction' | 'legs' | 'size' | 'sizeAsset'
  >,
): Opportunity {
  return {
    ...o,
    netPct: 1,
    netPercent: '1',
    capitalUsdt: '100',
    profitUsdt: '1',
    profitBrl: '5.45',
    usdtBrl: '5.45',
    openedAt: 1,
    firstSeen: 1,
    lastSeen: 1,
    ageMs: 0,
  };
}

function context(
  o: Opportunity,
  gw: CheckedGateway,
  markets: (exchange: string, symbol: string) => Market,
  budgetUsdt: string,
): ExecutionContext {
  return {
    executionKey: `k${Math.random()}`,
    bot: { id: 'b', userId: 'u', name: 'Bot', strategy: o.strategy, mode: 'paper' },
    opportunity: o,
    budgetUsdt,
    gateway: gw,
    amountStep: (ex, s) => Number(markets(ex, s).step),
    minAmount: (ex, s) => Number(markets(ex, s).minAmount),
    minNotional: (ex, s) => markets(ex, s).minNotional,
    now: () => new Date('2026-01-01T00:00:00Z'),
  };
}

const view = (b: Book, m: Market): BookView => ({
  asks: b.asks,
  bids: b.bids,
  spec: { amountStep: Number(m.step), minAmount: Number(m.minAmount), minNotional: m.minNotional },
});

/** A limit among a side's level prices (or past them): how deep the opportunity said the order may walk. */
const limitOf = (levels: readonly [number, number][], k: number) =>
  String(levels[Math.min(k, levels.length - 1)]![0]);

const RUNS = { numRuns: 300 };

describe('execution over random books, balances and precisions (property)', () => {
  it('triangular: orders within balances and market rules; legs reproduce balances; profit values every asset', async () => {
    const scenario = fc.record({
      markets: fc.tuple(marketArb, marketArb, marketArb),
      /** Price decimals of the USDT markets and of the cross pair. */
      decimals: fc.tuple(fc.constantFrom(2, 4, 6), fc.constantFrom(4, 6, 8)),
      btcMid: fc.integer({ min: 100, max: 100_000 }),
      ethInBtc: fc.integer({ min: 100, max: 90_000 }).map((n) => n / 1_000_000),
      limits: fc.tuple(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
      ),
      usdt: balanceArb,
      budget: balanceArb,
      size: fc.integer({ min: 1, max: 1_000_000 }).map((n) => new Dec(n).div(10_000).toFixed()),
    });
    await fc.assert(
      fc.asyncProperty(
        scenario.chain((s) =>
          fc
            .tuple(
              bookArb(s.btcMid, s.decimals[0], s.markets[0].step),
              bookArb(s.ethInBtc, s.decimals[1], s.markets[1].step),
              bookArb(s.btcMid * s.ethInBtc, s.decimals[0], s.markets[2].step),
            )
            .map((books) => ({ ...s, bookList: books })),
        ),
        async (s) => {
          const symbols = ['BTC/USDT', 'ETH/BTC', 'ETH/USDT'];
          const markets = (_ex: string, symbol: string) => s.markets[symbols.indexOf(symbol)]!;
          const books = Object.fromEntries(
            symbols.map((sym, i) => [sym, view(s.bookList[i]!, s.markets[i]!)]),
          );
          if (s.bookList.some((b) => b.asks.length === 0 || b.bids.length === 0)) return;
          const initial = new Map([['binance:USDT', s.usdt]]);
          const paper = new PaperGateway(
            (_ex, sym) => books[sym],
            () => FEE,
            [{ exchange: 'binance', asset: 'USDT', amount: s.usdt }],
          );
          const gw = new CheckedGateway(paper, markets);
          const [k1, k2, k3] = s.limits;
          const o = opportunityOf({
            id: 'triangular:binance:USDT>BTC>ETH>USDT',
            strategy: 'triangular',
            exchanges: ['binance'],
            symbols,
            direction: 'USDT>BTC>ETH>USDT',
            legs: [
              leg('binance', 'BTC/USDT', 'buy', s.size, limitOf(s.bookList[0].asks, k1)),
              leg('binance', 'ETH/BTC', 'buy', s.size, limitOf(s.bookList[1].asks, k2)),
              leg('binance', 'ETH/USDT', 'sell', s.size, limitOf(s.bookList[2].bids, k3)),
            ],
            size: s.size,
            sizeAsset: 'USDT',
          });
          const out = await executeTriangular(context(o, gw, markets, s.budget));
          if (out.kind === 'skipped') {
            expect(gw.violations).toEqual([]);
            return;
          }
          checkRecord(out.record, gw, initial);
        },
      ),
      RUNS,
    );
  });

  it('cross-exchange: orders within balances and market rules; legs reproduce balances; profit values every asset', async () => {
    const scenario = fc.record({
      buyMarket: marketArb,
      sellMarket: marketArb,
      decimals: fc.constantFrom(0, 2, 4, 6),
      mid: fc.integer({ min: 1, max: 100_000 }),
      gapTicks: fc.integer({ min: -50, max: 500 }),
      usdt: balanceArb,
      btc: fc.integer({ min: 0, max: 10_000_000 }).map((n) => new Dec(n).div(100_000).toFixed()),
      budget: balanceArb,
      size: fc.integer({ min: 1, max: 1_000_000 }).map((n) => new Dec(n).div(10_000).toFixed()),
      limits: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })),
    });
    await fc.assert(
      fc.asyncProperty(
        scenario.chain((s) => {
          const sellMid = new Dec(s.mid).plus(new Dec(10).pow(-s.decimals).mul(s.gapTicks)).toNumber();
          return fc
            .tuple(
              bookArb(s.mid, s.decimals, s.buyMarket.step),
              bookArb(Math.max(sellMid, 1), s.decimals, s.sellMarket.step),
            )
            .map(([buyBook, sellBook]) => ({ ...s, buyBook, sellBook }));
        }),
        async (s) => {
          if (
            !s.buyBook.asks.length ||
            !s.buyBook.bids.length ||
            !s.sellBook.asks.length ||
            !s.sellBook.bids.length
          )
            return;
          const markets = (ex: string) => (ex === 'binance' ? s.buyMarket : s.sellMarket);
          const books: Record<string, BookView> = {
            binance: view(s.buyBook, s.buyMarket),
            gateio: view(s.sellBook, s.sellMarket),
          };
          const initial = new Map([
            ['binance:USDT', s.usdt],
            ['gateio:BTC', s.btc],
          ]);
          const paper = new PaperGateway(
            (ex) => books[ex],
            () => FEE,
            [
              { exchange: 'binance', asset: 'USDT', amount: s.usdt },
              { exchange: 'gateio', asset: 'BTC', amount: s.btc },
            ],
          );
          const gw = new CheckedGateway(paper, markets);
          const o = opportunityOf({
            id: 'arbitrage:BTC/USDT:binance>gateio',
            strategy: 'arbitrage',
            exchanges: ['binance', 'gateio'],
            symbols: ['BTC/USDT'],
            direction: 'binance>gateio',
            legs: [
              leg('binance', 'BTC/USDT', 'buy', s.size, limitOf(s.buyBook.asks, s.limits[0])),
              leg('gateio', 'BTC/USDT', 'sell', s.size, limitOf(s.sellBook.bids, s.limits[1])),
            ],
            size: s.size,
            sizeAsset: 'BTC',
          });
          const out = await executeCrossExchange(context(o, gw, markets, s.budget));
          if (out.kind === 'skipped') {
            expect(gw.violations).toEqual([]);
            return;
          }
          checkRecord(out.record, gw, initial);
        },
      ),
      RUNS,
    );
  });
});
