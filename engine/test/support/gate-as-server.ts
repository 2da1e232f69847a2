import { createHash, createHmac } from 'node:crypto';
import type { FetchHandler } from './exchange-http.js';

/**
 * A small Gate.io (API v4, spot) for the read-only calls of the live checklist and the smoke CLI: markets
 * (GET /spot/currency_pairs, /margin/currency_pairs, /spot/currencies), GET /spot/time, GET /spot/tickers and the
 * signed GET /spot/accounts. Requests are checked as Gate documents its APIv4 signing: headers KEY, Timestamp (s,
 * within 60 s) and SIGN = hex(HMAC-SHA512(secret, METHOD\n/api/v4/path\nquery\nhex(SHA512(body))\ntimestamp)).
 * Answers and error labels are Gate's (INVALID_KEY, INVALID_SIGNATURE, REQUEST_EXPIRED). No orders.
 */
export interface GateAccount {
  apiKey: string;
  secret: string;
  /** Available balances of the spot account, e.g. { USDT: '1000', BTC: '0.1' }. */
  balances: Record<string, string>;
}

const MARKETS: Record<string, { base: string; quote: string; name: string }> = {
  BTC_USDT: { base: 'BTC', quote: 'USDT', name: 'Bitcoin' },
  ETH_USDT: { base: 'ETH', quote: 'USDT', name: 'Ethereum' },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function gateHandler(
  accounts: readonly GateAccount[],
  prices: Record<string, string> = { BTC_USDT: '60000', ETH_USDT: '3000' },
): FetchHandler {
  return async (url, init) => {
    const u = new URL(url);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = u.pathname;
    if (method === 'GET') {
      switch (path) {
        case '/api/v4/spot/time':
          return json(200, { server_time: Date.now() });
        case '/api/v4/margin/currency_pairs':
          return json(200, []);
        case '/api/v4/spot/currencies':
          return json(
            200,
            ['BTC', 'ETH', 'USDT'].map((c) => ({
              currency: c,
              name: c,
              delisted: false,
              withdraw_disabled: false,
              withdraw_delayed: false,
              deposit_disabled: false,
              trade_disabled: false,
              chain: c === 'USDT' ? 'ETH' : c,
            })),
          );
        case '/api/v4/spot/currency_pairs':
          return json(
            200,
            Object.entries(MARKETS).map(([id, m]) => ({
              id,
              base: m.base,
              base_name: m.name,
              quote: m.quote,
              quote_name: 'Tether',
              fee: '0.2',
              min_base_amount: '0.0001',
              min_quote_amount: '3',
              max_quote_amount: '5000000',
              amount_precision: 4,
              precision: 2,
              trade_status: 'tradable',
              sell_start: 0,
              buy_start: 0,
              delisting_time: 0,
              trade_url: `https://www.gate.io/trade/${id}`,
              st_tag: false,
            })),
          );
        case '/api/v4/spot/tickers': {
          const id = u.searchParams.get('currency_pair') ?? '';
          const last = prices[id];
          if (!MARKETS[id] || last === undefined)
            return json(400, { label: 'INVALID_CURRENCY_PAIR', message: `Invalid currency pair ${id}` });
          return json(200, [
            {
              currency_pair: id,
              last,
              lowest_ask: last,
              lowest_size: '1',
              highest_bid: last,
              highest_size: '1',
              change_percentage: '0',
              base_volume: '100',
              quote_volume: String(Number(last) * 100),
              high_24h: last,
              low_24h: last,
            },
          ]);
        }
      }
    }
    const headers = Object.fromEntries(
      Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const account = accounts.find((a) => a.apiKey === headers['key']);
    if (!account) return json(401, { label: 'INVALID_KEY', message: 'Invalid key provided' });
    const timestamp = headers['timestamp'] ?? '';
    if (!(Math.abs(Number(timestamp) - Date.now() / 1000) <= 60))
      return json(403, {
        label: 'REQUEST_EXPIRED',
        message: 'gap between request Timestamp and server time exceeds 60',
      });
    const body = init.body ?? '';
    const payload = [
      method,
      path,
      decodeURIComponent(u.search.slice(1)),
      createHash('sha512').update(body).digest('hex'),
      timestamp,
    ].join('\n');
    if (headers['sign'] !== createHmac('sha512', account.secret).update(payload).digest('hex'))
      return json(401, { label: 'INVALID_SIGNATURE', message: 'Signature mismatch' });
    if (method === 'GET' && path === '/api/v4/spot/accounts') {
      return json(
        200,
        Object.entries(account.balances).map(([currency, available], i) => ({
          currency,
          available,
          locked: '0',
          update_id: i + 1,
        })),
      );
    }
    if (method === 'GET' && path === '/api/v4/account/detail') {
      // Gate's account detail (ccxt reads key.mode at loadMarkets: 1 = classic account).
      return json(200, { user_id: 10_001, ip_whitelist: [], currency_pairs: [], key: { mode: 1 }, tier: 0 });
    }
    return json(404, { label: 'NOT_FOUND', message: `unknown path ${path}` });
  };
}
