import { vi } from 'vitest';

type Handler = (...args: unknown[]) => void;

/** A socket.io client stand-in: the test plays the server with serverEmit(). */
export class FakeSocket {
  connected = true;
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(readonly options: unknown) {}

  on(event: string, handler: Handler): this {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }

  off(event: string, handler: Handler): this {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  disconnect(): this {
    this.connected = false;
    return this;
  }

  listeners(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }

  serverEmit(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }

  /** The connection drops (and, with `reconnect`, comes back). */
  drop(): void {
    this.connected = false;
    this.serverEmit('disconnect', 'transport close');
  }

  reconnect(): void {
    this.connected = true;
    this.serverEmit('connect');
  }
}

export const sockets: FakeSocket[] = [];

/** The module mock: vi.mock('socket.io-client', () => socketIoMock). */
export const socketIoMock = {
  io: vi.fn((options: unknown) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket;
  }),
};

export function lastSocket(): FakeSocket {
  const socket = sockets[sockets.length - 1];
  if (!socket) throw new Error('nenhum socket aberto');
  return socket;
}

interface Route {
  status?: number;
  body?: unknown;
  /** A failed connection (fetch rejects). */
  fail?: boolean;
}

/** Stubs fetch: each path answers what the table says (a function is called per request). */
export function stubFetch(routes: Record<string, Route | (() => Route)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
    const entry = routes[path];
    const route = typeof entry === 'function' ? entry() : entry;
    if (!route || route.fail) throw new TypeError('Failed to fetch');
    return new Response(route.body === undefined ? null : JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
