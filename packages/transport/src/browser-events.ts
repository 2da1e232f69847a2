import { ROOMS, type InterServerEvents, type ServerToClientEvents } from '@arbitra/contracts';
import type { FabricServer } from './sockets.js';

/** An event browsers receive (packages/contracts events/index.ts `ServerToClientEvents`) and its payload. */
export type BrowserEvent = keyof ServerToClientEvents;
export type BrowserPayload<E extends BrowserEvent> = Parameters<ServerToClientEvents[E]>[0];
/** A server-side event between the processes of the fabric (`InterServerEvents`) and its payload. */
export type FabricEvent = keyof InterServerEvents;
export type FabricPayload<E extends FabricEvent> = Parameters<InterServerEvents[E]>[0];

/**
 * The one port for pushing events to browsers (and between the processes of the fabric), typed by the shared event
 * map: an event name and its payload are checked together. Provided by the transport module of the api and of the
 * engine; a service injects `BrowserEvents` and never sees Socket.IO.
 */
export abstract class BrowserEvents {
  /** Every socket of one user (room `user:<id>`), on every api instance. */
  abstract toUser<E extends BrowserEvent>(userId: string, event: E, payload: BrowserPayload<E>): void;
  /** One room of `ROOMS` (the public or real-time scanner). */
  abstract toRoom<E extends BrowserEvent>(room: string, event: E, payload: BrowserPayload<E>): void;
  /** Every admin socket (room `admin`). */
  abstract toAdmins<E extends BrowserEvent>(event: E, payload: BrowserPayload<E>): void;
  /** Every browser connected anywhere (the maintenance banner, the engine's heartbeat). */
  abstract toEveryone<E extends BrowserEvent>(event: E, payload: BrowserPayload<E>): void;
  /** Every other process of the fabric (engines and api instances), server-side: browsers never see it. */
  abstract toEngines<E extends FabricEvent>(event: E, payload: FabricPayload<E>): void;
  /** Listens to a server-side event sent by another process with `toEngines`. */
  abstract onFabricEvent<E extends FabricEvent>(event: E, listener: InterServerEvents[E]): void;
  /** Disconnects every socket in a room, on every api instance (a revoked session, a user whose plan changed). */
  abstract disconnect(room: string): void;
  /** Sockets connected to this process, or only those in `room`. */
  abstract localSockets(room?: string): number;
  /** Called when a socket of this process joins `room` (an admin opening the console). */
  abstract onLocalJoin(room: string, listener: () => void): void;
}

/**
 * `BrowserEvents` over the fabric's Socket.IO server: the engine's headless server from the start, the api's gateway
 * server once Socket.IO is up (`attach`). Listeners registered before that are bound on attach; an emit before it is
 * a programming error and throws.
 */
export class FabricBrowserEvents extends BrowserEvents {
  private server?: FabricServer;
  private readonly pending: ((server: FabricServer) => void)[] = [];

  constructor(server?: FabricServer) {
    super();
    if (server) this.attach(server);
  }

  attach(server: FabricServer): void {
    if (this.server) throw new Error('BrowserEvents: o servidor de sockets já está ligado');
    this.server = server;
    for (const bind of this.pending.splice(0)) bind(server);
  }

  toUser<E extends BrowserEvent>(userId: string, event: E, payload: BrowserPayload<E>): void {
    this.toRoom(ROOMS.user(userId), event, payload);
  }

  toRoom<E extends BrowserEvent>(room: string, event: E, payload: BrowserPayload<E>): void {
    this.io()
      .to(room)
      .emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
  }

  toAdmins<E extends BrowserEvent>(event: E, payload: BrowserPayload<E>): void {
    this.toRoom(ROOMS.admin, event, payload);
  }

  toEveryone<E extends BrowserEvent>(event: E, payload: BrowserPayload<E>): void {
    this.io().emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
  }

  toEngines<E extends FabricEvent>(event: E, payload: FabricPayload<E>): void {
    this.io().serverSideEmit(event, ...([payload] as Parameters<InterServerEvents[E]>));
  }

  onFabricEvent<E extends FabricEvent>(event: E, listener: InterServerEvents[E]): void {
    // Socket.IO's `on` cannot relate a generic E to its listener (a conditional type over its reserved events):
    // the signature above is the checked one.
    this.whenAttached((server) => server.on(event, listener as never));
  }

  disconnect(room: string): void {
    this.io().in(room).disconnectSockets(true);
  }

  localSockets(room?: string): number {
    if (!this.server) return 0;
    const namespace = this.server.of('/');
    return room === undefined ? namespace.sockets.size : (namespace.adapter.rooms.get(room)?.size ?? 0);
  }

  onLocalJoin(room: string, listener: () => void): void {
    this.whenAttached((server) =>
      server.of('/').adapter.on('join-room', (joined: string) => {
        if (joined === room) listener();
      }),
    );
  }

  /** Disconnects this process's sockets and closes its adapter (the engine's shutdown, after every publisher). */
  async close(): Promise<void> {
    if (!this.server) return;
    this.server.disconnectSockets(true);
    await Promise.resolve(this.server.of('/').adapter.close());
  }

  private whenAttached(bind: (server: FabricServer) => void): void {
    if (this.server) bind(this.server);
    else this.pending.push(bind);
  }

  private io(): FabricServer {
    if (!this.server) throw new Error('BrowserEvents: o servidor de sockets ainda não está ligado');
    return this.server;
  }
}
