import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@arbitra/contracts';
import type { CredentialStore } from '../credentials/credential-store.js';
import { CredentialValidator } from '../credentials/credential-validator.js';
import {
  startLocalExchange,
  unpacedClientFactory,
  type AccountSpec,
  type LocalExchange,
  type MarketSpec,
} from '../testing/local-exchanges/index.js';
import { REJECTION, liveGatewayFactory } from './live-gateway.js';
import type { OrderGateway } from './order-gateway.js';

/**
 * The scenario table's Mercado Bitcoin rows (issue 26 item 2; the other exchanges' rows: live-exchanges.spec.ts).
 * Mercado Bitcoin lists BRL markets only and its Trade API v3 (ccxt `mercado`, the platform's class) has no
 * immediate-or-cancel, no client order id, no error codes ccxt maps, no market list with rules, no permission
 * report and no timestamp window (a nonce): each row asserts what the platform does about that.
 */

const SYMBOL = 'BTC/BRL';
/** ccxt's mercado fixes every market's precision (amount 1e-8, price 1e-5) and BTC's minimum (0.001). */
const market = (status: MarketSpec['status'] = 'open'): MarketSpec => ({
  symbol: SYMBOL,
  base: 'BTC',
  quote: 'BRL',
  tickSize: '0.00001',
  stepSize: '0.00000001',
  minQty: '0.001',
  minNotional: '0',
  status,
  asks: [
    ['350000', '0.01'],
    ['350100', '0.02'],
    ['351000', '1'],
  ],
  bids: [
    ['349900', '0.01'],
    ['349800', '0.02'],
    ['349000', '1'],
  ],
});
const TRADER: AccountSpec = {
  apiKey: '6a3d1f0e9b8c7d6e5f4a3b2c1d0e9f8a',
  secret: '9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0',
  balances: { BRL: '10000', BTC: '0.05' },
};
const WITHDRAWER: AccountSpec = {
  apiKey: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
  secret: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  canWithdraw: true,
  balances: { BRL: '100' },
};

const unpaced = unpacedClientFactory;

interface World {
  local: LocalExchange;
  gateway: OrderGateway;
  validator: CredentialValidator;
  free: (asset: string) => string;
  /** The methods of the Trade API calls received, in order. */
  methods: () => string[];
}

async function world(status: MarketSpec['status'] = 'open'): Promise<World> {
  const local = await startLocalExchange('mercadobitcoin', [market(status)], [TRADER, WITHDRAWER]);
  const store = {
    decryptForExecution: () => Promise.resolve({ apiKey: TRADER.apiKey, secret: TRADER.secret }),
  } as unknown as CredentialStore;
  const gateway = await liveGatewayFactory(store, local.clientFactory(unpaced), 1_500).forBot('u1', [
    'mercadobitcoin',
  ]);
  return {
    local,
    gateway,
    validator: new CredentialValidator(local.clientFactory(unpaced), 3_000),
    free: (asset) =>
      local.venue
        .balances(TRADER.apiKey)
        .find((b) => b.asset === asset)
        ?.free.toFixed() ?? '0',
    methods: () => local.requests.map((r) => r.params['tapi_method']).filter((m): m is string => !!m),
  };
}

const limit = (w: World, side: 'buy' | 'sell', amount: string, price: string, cid = 'arbmb01') =>
  w.gateway.createOrder('mercadobitcoin', SYMBOL, 'limit', side, amount, price, cid);

const ROWS: { name: string; status?: MarketSpec['status']; run: (w: World) => Promise<void> }[] = [
  {
    name: 'balances: the key is valid, its withdrawal permission unknown (the Trade API does not say)',
    run: async (w) => {
      const outcome = await w.validator.check('mercadobitcoin', TRADER);
      expect(outcome).toMatchObject({ status: 'valid', reachedExchange: true, canWithdraw: null });
      // nor for a key that can withdraw: validation cannot refuse it (the checklist says it is not known)
      expect(await w.validator.check('mercadobitcoin', WITHDRAWER)).toMatchObject({
        status: 'valid',
        canWithdraw: null,
      });
      expect(await w.gateway.fetchBalance('mercadobitcoin')).toMatchObject({ BRL: '10000', BTC: '0.05' });
    },
  },
  {
    name: 'markets: BRL pairs, precision and minimum amount as ccxt fixes them, no minimum value listed',
    run: async (w) => {
      const client = await w.local.clientFactory(unpaced)('mercadobitcoin', TRADER, { timeoutMs: 3_000 });
      await client.loadMarkets();
      const m = client.market(SYMBOL);
      expect(m).toMatchObject({ id: 'BRLBTC', base: 'BTC', quote: 'BRL' });
      expect(m.precision).toMatchObject({ amount: 1e-8, price: 1e-5 });
      expect(m.limits.amount?.min).toBe(0.001);
      expect(m.limits.cost?.min).toBeUndefined();
    },
  },
  {
    name: 'limit fully filled: fee in the BTC received (not the BRL ccxt labels it), nothing left on the book',
    run: async (w) => {
      const o = await limit(w, 'buy', '0.01', '350000');
      expect(o).toMatchObject({ status: 'closed', filled: '0.01', average: '350000', cost: '3500' });
      expect(o.fee).toEqual({ cost: '0.00001', currency: 'BTC' });
      expect(w.free('BRL')).toBe('6500');
      expect(w.free('BTC')).toBe('0.05999');
      expect(w.methods()).not.toContain('cancel_order');
    },
  },
  {
    name: 'no IOC on Mercado Bitcoin: a partly filled limit order is canceled at once, its fill read as partial',
    run: async (w) => {
      const o = await limit(w, 'sell', '0.04', '349800');
      expect(o).toMatchObject({ status: 'canceled', filled: '0.03', cost: '10495' }); // 0.01 × 349900 + 0.02 × 349800
      expect(o.fee).toEqual({ cost: '10.495', currency: 'BRL' });
      expect(w.methods().filter((m) => m.startsWith('place_'))).toEqual(['place_sell_order']);
      expect(w.methods()).toContain('cancel_order');
      expect(w.local.venue.orders.map((x) => x.status)).toEqual(['canceled']); // nothing rests on the book
      expect(w.free('BTC')).toBe('0.02');
    },
  },
  {
    name: 'limit with nothing at its price: canceled at once, rejected, balances untouched',
    run: async (w) => {
      const o = await limit(w, 'buy', '0.01', '340000');
      expect(o).toMatchObject({ status: 'rejected', filled: '0', reason: REJECTION.limit });
      expect(w.local.venue.orders.map((x) => x.status)).toEqual(['canceled']);
      expect(w.free('BRL')).toBe('10000');
    },
  },
  {
    name: 'market buy by its cost (place_market_buy_order): amount × the ask now',
    run: async (w) => {
      const o = await w.gateway.createOrder(
        'mercadobitcoin',
        SYMBOL,
        'market',
        'buy',
        '0.01',
        undefined,
        'arbmb02',
      );
      expect(o).toMatchObject({ filled: '0.01', cost: '3500' });
      const placed = w.local.placements();
      expect(placed.map((r) => [r.params['tapi_method'], r.params['cost']])).toEqual([
        ['place_market_buy_order', '3500'],
      ]);
    },
  },
  {
    name: 'insufficient balance: refused in its own words, reported as a rejected order, nothing placed',
    run: async (w) => {
      const o = await limit(w, 'buy', '0.5', '351000');
      expect(o.status).toBe('rejected');
      expect(o.reason).toMatch(/^ordem recusada pela exchange: .*Saldo insuficiente/);
      expect(w.local.venue.orders).toHaveLength(0);
      expect(w.free('BRL')).toBe('10000');
    },
  },
  {
    name: 'precision and minimum: the amount cut to 8 decimals; under 0.001 BTC refused by the exchange',
    run: async (w) => {
      const cut = await limit(w, 'buy', '0.012345678', '351000');
      expect(cut.filled).toBe('0.01234567');
      const tiny = await limit(w, 'buy', '0.0005', '351000', 'arbmb03');
      expect(tiny.status).toBe('rejected');
      expect(tiny.reason).toMatch(/^ordem recusada pela exchange: /);
      expect(w.local.venue.orders).toHaveLength(1);
    },
  },
  {
    name: '429: ccxt reads it as a refusal (no client id to look up before a retry): rejected, never placed twice',
    run: async (w) => {
      await w.gateway.fetchBalance('mercadobitcoin');
      w.local.venue.faults.throttle = { remaining: 1, status: 429, retryAfterSec: 1 };
      const o = await limit(w, 'buy', '0.01', '350000');
      expect(o.status).toBe('rejected');
      expect(o.reason).toMatch(/Taxa de requisições excedida/);
      expect(w.local.placements()).toHaveLength(1);
      expect(w.local.venue.orders).toHaveLength(0);
    },
  },
  {
    name: 'no answer after the exchange accepted the order: not found by a client id it cannot know, never placed twice',
    run: async (w) => {
      w.local.venue.faults.afterAccept = { remaining: 1, mode: 'drop' };
      // the connection error stands: nothing says the order is absent, so it is not placed again
      await expect(limit(w, 'buy', '0.01', '350000')).rejects.toThrow(/other side closed|fetch failed/);
      await expect(w.gateway.fetchOrderByClientId('arbmb01', 'mercadobitcoin', SYMBOL)).rejects.toThrow(
        'não identifica ordens pelo id do cliente',
      );
      expect(w.local.placements()).toHaveLength(1);
      expect(w.local.venue.orders).toHaveLength(1); // the exchange has it: the trade stays pending for a person
    },
  },
  {
    name: 'halted market: the exchange refuses the order (the Data API does not list it halted), nothing filled',
    status: 'halted',
    run: async (w) => {
      const o = await limit(w, 'buy', '0.01', '350000');
      expect(o).toMatchObject({ status: 'rejected', filled: '0' });
      expect(o.reason).toMatch(/^ordem recusada pela exchange: /);
      expect(w.local.venue.orders).toHaveLength(0);
    },
  },
  {
    name: 'unreachable exchange: "Não foi possível contatar a exchange", not "Credenciais inválidas"',
    run: async (w) => {
      await w.local.close();
      const outcome = await w.validator.check('mercadobitcoin', TRADER);
      expect(outcome.status).toBe('unreachable');
      expect(outcome.reason.startsWith(MESSAGES.exchanges.reasonUnreachable)).toBe(true);
      await expect(w.gateway.fetchBalance('mercadobitcoin')).rejects.toThrow();
    },
  },
];

describe.concurrent(
  'live trading scenarios: Mercado Bitcoin (ccxt mercado, Trade API v3, local exchange)',
  () => {
    it.each(ROWS.map((r) => ({ ...r, title: `mercadobitcoin: ${r.name}` })))(
      '$title',
      { timeout: 30_000 },
      async (row) => {
        const w = await world(row.status);
        try {
          await row.run(w);
        } finally {
          await w.local.close();
        }
      },
    );
  },
);
