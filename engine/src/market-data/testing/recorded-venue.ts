/**
 * Test support: drives real ccxt exchange classes with recorded exchange traffic
 * (engine/test/fixtures/recorded, from cryptofeed's sample data — see the README and LICENSE there).
 *
 * A RecordedVenue plays the exchange: REST requests are answered from the recorded replies (matched by
 * path and symbol), and the websocket is a fake connection inside ccxt's own WsClient that acknowledges
 * subscriptions and lets the test push recorded messages through ccxt's onMessage → handleMessage →
 * order-book code. Nothing of ours is mocked; only the network is replaced.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import ccxt from 'ccxt';
import { CCXT_FEED_OPTIONS, type CcxtExchangeLike } from '../ccxt.feed.js';

/** The fixtures folder (RECORDED_FIXTURES_DIR when this file runs bundled elsewhere, e.g. the sample converter). */
export const RECORDED_DIR = process.env.RECORDED_FIXTURES_DIR
  ? pathToFileURL(`${process.env.RECORDED_FIXTURES_DIR.replace(/\/$/, '')}/`)
  : new URL('../../../test/fixtures/recorded/', import.meta.url);

export interface RestRecord {
  url: URL;
  /** Receive time, ms since the epoch. */
  receivedTs: number;
  body: string;
}

export interface WsRecord {
  receivedTs: number;
  data: string;
}

/** Lines `URL -> RECEIVE_TS: BODY` of the recorded REST files. */
export function readRestRecords(...files: string[]): RestRecord[] {
  const out: RestRecord[] = [];
  for (const file of files) {
    for (const line of readFileSync(new URL(file, RECORDED_DIR), 'utf8').split('\n')) {
      const arrow = line.indexOf(' -> ');
      if (arrow < 0) continue;
      const rest = line.slice(arrow + 4);
      const colon = rest.indexOf(': ');
      out.push({
        url: new URL(line.slice(0, arrow)),
        receivedTs: Number(rest.slice(0, colon)) * 1000,
        body: rest.slice(colon + 2),
      });
    }
  }
  return out;
}

/** Messages received in a recorded websocket session (`RECEIVE_TS: MESSAGE`; sent lines skipped). */
export function readWsRecords(file: string): WsRecord[] {
  const out: WsRecord[] = [];
  const lines = readFileSync(new URL(file, RECORDED_DIR), 'utf8').split('\n');
  for (const line of lines.slice(1)) {
    if (line.includes(' <- ') || line.trim() === '') continue;
    const colon = line.indexOf(': ');
    out.push({ receivedTs: Number(line.slice(0, colon)) * 1000, data: line.slice(colon + 2) });
  }
  return out;
}

interface FakeConnection {
  readyState: number;
  send(message: string, options?: unknown, callback?: (error?: Error) => void): void;
  close(): void;
  terminate(): void;
  ping(): void;
}

/** The part of ccxt's WsClient the venue touches. */
interface WsClientLike {
  url: string;
  connection: unknown;
  createConnection(): void;
  isOpen(): boolean;
  onOpen(): void;
  onMessage(event: { data: string }): void;
  onError(error: Error): void;
}

export interface RecordedVenueOptions {
  rest: RestRecord[];
  /** The exchange's acknowledgement of a subscription message, or null for other messages. */
  ack(message: Record<string, unknown>): Record<string, unknown> | null;
  /** Topics a sent message subscribes to (e.g. 'nknusdt@depth@100ms'). */
  topicsOf(sent: Record<string, unknown>): string[];
  /** Topic of a received message, or null (a message without topic goes to every connection). */
  topicOf(received: Record<string, unknown>): string | null;
  /** Adapts an old recorded REST body to what the current API returns (documented per exchange). */
  patch?(url: URL, body: unknown, record: RestRecord): unknown;
  /** Answer for REST paths that were not recorded (e.g. empty lists), or undefined. */
  fallback?(url: URL): unknown;
}

export class RecordedVenue {
  /** Messages ccxt sent on the websocket. */
  readonly sent: Record<string, unknown>[] = [];
  /** REST URLs ccxt requested. */
  readonly requested: string[] = [];
  private readonly connections: { client: WsClientLike; topics: Set<string> }[] = [];

  constructor(private readonly options: RecordedVenueOptions) {}

  /** Answers a REST request from the recordings (throws like a network failure when none matches). */
  answer(urlText: string): unknown {
    const url = new URL(urlText);
    this.requested.push(urlText);
    const path = url.pathname.replace(/^\/api/, '');
    for (const r of this.options.rest) {
      if (r.url.pathname.replace(/^\/api/, '') !== path) continue;
      if (!sameKey(r.url, url, 'symbol') || !sameKey(r.url, url, 'currency_pair')) continue;
      const body = limitBook(JSON.parse(r.body) as unknown, url.searchParams.get('limit'));
      return this.options.patch ? this.options.patch(url, body, r) : body;
    }
    const fallback = this.options.fallback?.(url);
    if (fallback !== undefined) return fallback;
    throw new ccxt.NetworkError(`no recording for ${urlText}`);
  }

  /** Replaces the socket of a ccxt WsClient with a fake connection to this venue. */
  attach(client: WsClientLike): void {
    if (this.connections.some((c) => c.client === client)) return;
    const topics = new Set<string>();
    this.connections.push({ client, topics });
    client.createConnection = () => {
      const connection: FakeConnection = {
        readyState: 1,
        send: (message, _options, callback) => {
          const parsed = JSON.parse(message) as Record<string, unknown>;
          this.sent.push(parsed);
          for (const t of this.options.topicsOf(parsed)) topics.add(t);
          callback?.();
          const ack = this.options.ack(parsed);
          if (ack) setTimeout(() => client.onMessage({ data: JSON.stringify(ack) }), 0);
        },
        close() {},
        terminate() {},
        ping() {},
      };
      client.connection = connection;
      setTimeout(() => client.onOpen(), 0);
    };
    client.isOpen = () => true;
  }

  /**
   * Delivers a recorded message to the connection(s) subscribed to its topic, as if it came off the
   * socket. Returns how many connections got it (a real server sends nothing for unsubscribed topics).
   */
  push(data: string): number {
    const topic = this.options.topicOf(JSON.parse(data) as Record<string, unknown>);
    let n = 0;
    for (const c of this.connections) {
      if (topic === null || c.topics.has(topic)) {
        c.client.onMessage({ data });
        n++;
      }
    }
    return n;
  }

  /** Drops every open connection, as a network failure would (ccxt rejects what is pending on them). */
  drop(reason = 'socket hang up'): void {
    for (const c of this.connections.splice(0)) c.client.onError(new Error(reason));
  }

  /** Connections opened so far and still attached. */
  get openConnections(): number {
    return this.connections.length;
  }

  subscriptions(): number {
    return this.sent.filter((m) => m.method === 'SUBSCRIBE' || m.event === 'subscribe').length;
  }
}

/** A real server returns at most `limit` levels per side: so does the venue. */
function limitBook(body: unknown, limit: string | null): unknown {
  if (limit === null || typeof body !== 'object' || body === null || !('bids' in body) || !('asks' in body))
    return body;
  const n = Number(limit);
  const { bids, asks } = body;
  if (!Array.isArray(bids) || !Array.isArray(asks)) return body;
  return { ...body, bids: bids.slice(0, n), asks: asks.slice(0, n) };
}

function sameKey(a: URL, b: URL, key: string): boolean {
  return (a.searchParams.get(key) ?? '') === (b.searchParams.get(key) ?? '');
}

const SPOT_ONLY = (): Record<string, unknown> => structuredClone(CCXT_FEED_OPTIONS);

/** ccxt.pro.binance against recorded Binance traffic (2021-10-12: NKN/USDT, BLZ/ETH, LRC/BTC, RUNE/EUR). */
export function recordedBinance(): { venue: RecordedVenue; exchange: CcxtExchangeLike } {
  const venue = new RecordedVenue({
    rest: readRestRecords('BINANCE.0', 'BINANCE.http.0.0'),
    ack: (m) => (m.method === 'SUBSCRIBE' ? { result: null, id: m.id } : null),
    topicsOf: (m) => (m.method === 'SUBSCRIBE' && Array.isArray(m.params) ? (m.params as string[]) : []),
    topicOf: (m) => (typeof m.stream === 'string' ? m.stream : null),
  });
  class RecordedBinance extends ccxt.pro.binance {
    override async fetch(url: string): Promise<unknown> {
      return venue.answer(url);
    }
    override client(url: string): ReturnType<InstanceType<typeof ccxt.pro.binance>['client']> {
      const c = super.client(url);
      venue.attach(c);
      return c;
    }
  }
  const exchange = new RecordedBinance({ enableRateLimit: false, options: SPOT_ONLY() });
  return { venue, exchange: exchange as unknown as CcxtExchangeLike };
}

/**
 * ccxt's Gate class family against recorded Gate.io traffic (2021-04-22). The recording speaks the
 * `spot.order_book_update` channel, which ccxt still uses for Gate's EU endpoint (ccxt.pro.gateeu, a
 * subclass of ccxt.pro.gate differing only by host); the global endpoint moved to `spot.obu` since.
 * The 2021 REST snapshots lack the `current`/`update` timestamps Gate's API returns now (ccxt needs
 * one): they are added from the recording's receive time.
 */
export function recordedGate(): { venue: RecordedVenue; exchange: CcxtExchangeLike } {
  const venue = new RecordedVenue({
    rest: readRestRecords('GATEIO.0', 'GATEIO.http.0.0'),
    ack: (m) =>
      m.event === 'subscribe'
        ? { time: m.time, id: m.id, channel: m.channel, event: 'subscribe', result: { status: 'success' } }
        : null,
    topicsOf: (m) =>
      m.event === 'subscribe' && Array.isArray(m.payload)
        ? [`${String(m.channel)}:${String(m.payload[0])}`]
        : [],
    topicOf: (m) => {
      // the recording's own subscription acks answered cryptofeed's subscriptions, not ccxt's: drop them
      if (m.event === 'subscribe') return 'recorded-ack';
      if (m.event !== 'update') return null;
      const result = m.result as { s?: unknown; currency_pair?: unknown } | unknown[] | undefined;
      const pair = Array.isArray(result) ? undefined : (result?.s ?? result?.currency_pair);
      return typeof pair === 'string' ? `${String(m.channel)}:${pair}` : `${String(m.channel)}:?`;
    },
    patch: (url, body, record) => {
      if (
        url.pathname.endsWith('/spot/order_book') &&
        typeof body === 'object' &&
        body !== null &&
        !('current' in body)
      ) {
        const ts = Math.round(record.receivedTs);
        return { ...body, current: ts, update: ts };
      }
      return body;
    },
    fallback: (url) =>
      url.pathname.endsWith('/spot/currencies') || url.pathname.endsWith('/margin/currency_pairs')
        ? []
        : undefined,
  });
  class RecordedGate extends ccxt.pro.gateeu {
    override async fetch(url: string): Promise<unknown> {
      return venue.answer(url);
    }
    override client(url: string): ReturnType<InstanceType<typeof ccxt.pro.gateeu>['client']> {
      const c = super.client(url);
      venue.attach(c);
      return c;
    }
  }
  const exchange = new RecordedGate({ enableRateLimit: false, options: SPOT_ONLY() });
  return { venue, exchange: exchange as unknown as CcxtExchangeLike };
}

/** An independent reference: a price → amount book with diffs applied (amount 0 deletes). */
export class ReferenceBook {
  readonly bids = new Map<number, number>();
  readonly asks = new Map<number, number>();

  apply(side: 'bids' | 'asks', levels: readonly (readonly [string, string])[]): void {
    const m = this[side];
    for (const [p, a] of levels) {
      const price = Number(p);
      const amount = Number(a);
      if (amount === 0) m.delete(price);
      else m.set(price, amount);
    }
  }

  top(side: 'bids' | 'asks', n: number): [number, number][] {
    const levels = [...this[side].entries()];
    levels.sort((x, y) => (side === 'bids' ? y[0] - x[0] : x[0] - y[0]));
    return levels.slice(0, n);
  }
}
