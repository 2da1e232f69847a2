import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExchangeId } from '@arbitra/contracts';
import {
  ccxtClientFactory,
  pointApiAt,
  type ExchangeClientFactory,
} from '../../credentials/exchange-client.factory.js';
import type { LocalVenue } from './venue.js';

/** A request as an adapter reads it: what the exchange's server gets on the wire. */
export interface LocalRequest {
  method: string;
  /** '/api/v3/order' */
  path: string;
  /** The raw query string, without '?' (what signatures are computed over). */
  rawQuery: string;
  query: URLSearchParams;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

/** An answer: JSON (any value) or text (an HTML error page), with extra headers. */
export interface LocalAnswer {
  status: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/**
 * One exchange's protocol: authenticates each request its way (headers, signature, timestamp window, required
 * parameters), calls the venue and answers in the exchange's own JSON and error codes.
 */
export interface ProtocolAdapter {
  /** Our exchange id (contracts ExchangeId); the ccxt class is the platform's (exchangeInfo(id).ccxtId). */
  readonly exchange: ExchangeId;
  handle(req: LocalRequest, venue: LocalVenue): LocalAnswer | Promise<LocalAnswer>;
  /** The exchange's answer to a throttled request (status 429 or 418; the server adds Retry-After). */
  throttled(status: 429 | 418): LocalAnswer;
  /** Is this request an order placement (the 'afterAccept' fault applies to those only)? */
  isPlacement(req: LocalRequest): boolean;
}

export interface LoggedRequest {
  method: string;
  path: string;
  /** Query and form/JSON body parameters, as strings. */
  params: Record<string, string>;
  /** Lower-case names (the API key header, e.g. x-mbx-apikey). */
  headers: Record<string, string>;
  status: number | 'dropped' | 'hung';
  /** An order placement (ProtocolAdapter.isPlacement). */
  placement: boolean;
  at: number;
}

/**
 * A local exchange: a node http server on a random free port (127.0.0.1) serving one adapter over one venue.
 * `clientFactory` is the platform's ExchangeClientFactory: the real ccxt class built by ccxtClientFactory, with
 * every `urls.api` origin pointed at this server (nothing of ccxt overridden).
 */
export class LocalExchange {
  readonly requests: LoggedRequest[] = [];
  private server: Server | null = null;
  private port = 0;
  private readonly hung = new Set<IncomingMessage>();

  constructor(
    readonly adapter: ProtocolAdapter,
    readonly venue: LocalVenue,
  ) {}

  static async start(adapter: ProtocolAdapter, venue: LocalVenue): Promise<LocalExchange> {
    const ex = new LocalExchange(adapter, venue);
    await ex.listen();
    return ex;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private async listen(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void this.serve(req, Buffer.concat(chunks).toString('utf8')).then(
          (answer) => {
            if (answer === 'drop') {
              req.socket.destroy();
              return;
            }
            if (answer === 'hang') {
              this.hung.add(req);
              return;
            }
            const headers: Record<string, string> = { ...answer.headers };
            let payload: string;
            if (answer.text !== undefined) {
              headers['content-type'] ??= 'text/html';
              payload = answer.text;
            } else {
              headers['content-type'] ??= 'application/json;charset=UTF-8';
              payload = JSON.stringify(answer.json ?? {});
            }
            res.writeHead(answer.status, headers).end(payload);
          },
          (e: unknown) => {
            res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e));
          },
        );
      });
    });
    server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  private async serve(raw: IncomingMessage, body: string): Promise<LocalAnswer | 'drop' | 'hang'> {
    const u = new URL(raw.url ?? '/', 'http://local');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw.headers)) if (typeof v === 'string') headers[k.toLowerCase()] = v;
    const req: LocalRequest = {
      method: raw.method ?? 'GET',
      path: u.pathname,
      rawQuery: u.search.slice(1),
      query: u.searchParams,
      headers,
      body,
    };
    const log: LoggedRequest = {
      method: req.method,
      path: req.path,
      params: paramsOf(req),
      headers,
      status: 0,
      placement: this.adapter.isPlacement(req),
      at: Date.now(),
    };
    this.requests.push(log);
    const faults = this.venue.faults;
    if (faults.outage === 'hang') {
      log.status = 'hung';
      return 'hang';
    }
    if (faults.outage === 'unavailable') {
      log.status = 503;
      return {
        status: 503,
        text: '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
      };
    }
    if (faults.throttle && faults.throttle.remaining > 0) {
      const t = faults.throttle;
      t.remaining--;
      const answer = this.adapter.throttled(t.status);
      log.status = t.status;
      return {
        ...answer,
        status: t.status,
        headers: { ...answer.headers, 'retry-after': String(t.retryAfterSec) },
      };
    }
    const answer = await this.adapter.handle(req, this.venue);
    log.status = answer.status;
    if (faults.afterAccept && faults.afterAccept.remaining > 0 && log.placement && answer.status < 300) {
      faults.afterAccept.remaining--;
      log.status = faults.afterAccept.mode === 'drop' ? 'dropped' : 'hung';
      return faults.afterAccept.mode;
    }
    return answer;
  }

  /** Unreachable: the port stops accepting connections (ccxt then fails with a NetworkError). */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const r of this.hung) r.socket.destroy();
    this.hung.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The placements this exchange received (any answer), e.g. to prove an order was never sent twice. */
  placements(): LoggedRequest[] {
    return this.requests.filter((r) => r.placement);
  }

  /** The platform's factory, with ccxt's URLs pointed here. */
  clientFactory(base: ExchangeClientFactory = ccxtClientFactory): ExchangeClientFactory {
    return async (exchange, credentials, options) =>
      pointAt(await base(exchange, credentials, options), this.url);
  }
}

/**
 * Every URL in a ccxt client's `urls.api` (nested) served from `base`: the platform's one origin rewrite
 * (pointApiAt, also behind EXCHANGE_API_ORIGINS for separate engine processes).
 */
export const pointAt = pointApiAt;

function paramsOf(req: LocalRequest): Record<string, string> {
  const out: Record<string, string> = Object.fromEntries(req.query);
  if (!req.body) return out;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('json') || req.body.startsWith('{')) {
    try {
      for (const [k, v] of Object.entries(JSON.parse(req.body) as Record<string, unknown>))
        out[k] = String(v);
    } catch {
      // not JSON
    }
    return out;
  }
  for (const [k, v] of new URLSearchParams(req.body)) out[k] = v;
  return out;
}
