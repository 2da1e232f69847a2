import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BinanceAsServer, BinanceSpot, type BinanceAccount } from '../credentials.binance-as-server.js';

/** What a fetch-level exchange double answers with (BinanceAsServer.serve). */
export type FetchHandler = (
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<Response>;

/** One request the double received: when, what, and the key it came with. */
export interface ServedRequest {
  at: number;
  method: string;
  path: string;
  query: URLSearchParams;
  apiKey: string | undefined;
}

export interface HttpExchangeDouble {
  /** http://127.0.0.1:<port>: the origin to give the platform (EXCHANGE_API_ORIGINS) or ccxt's urls. */
  origin: string;
  requests: ServedRequest[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/**
 * A fetch-level exchange double served over real HTTP on a random local port, so that ccxt's real class in another
 * process (an engine, the live:smoke CLI) reaches it through its URLs: the request goes through ccxt's signing,
 * Node's fetch and the network stack, and the double checks it as the exchange would.
 */
export async function serveOverHttp(handler: FetchHandler): Promise<HttpExchangeDouble> {
  const requests: ServedRequest[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const at = Date.now();
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
      );
      requests.push({
        at,
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        apiKey: headers['x-mbx-apikey'] ?? headers['key'] ?? headers['x-bapi-api-key'],
      });
      const answer = await handler(url.toString(), {
        method: req.method ?? 'GET',
        headers,
        ...(body ? { body } : {}),
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Binance (BinanceAsServer: ccxt's class answering as api.binance.com) over HTTP, for `accounts` on `spot`. */
export async function binanceOverHttp(
  accounts: BinanceAccount[],
  spot = new BinanceSpot({ BTCUSDT: '60000', ETHUSDT: '3000' }),
): Promise<HttpExchangeDouble & { exchange: BinanceAsServer }> {
  const exchange = new BinanceAsServer({}, accounts, 'serve', spot);
  const double = await serveOverHttp((url, init) => exchange.serve(url, init));
  return { ...double, exchange };
}
