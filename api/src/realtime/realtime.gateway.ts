import { Logger } from '@nestjs/common';
import {
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { ROOMS } from '@arbitra/contracts';
import { FabricBrowserEvents, type FabricServer } from '@arbitra/transport';
import type { AuthenticatedUser } from '../common/http/request-context.js';

/** setTimeout's longest delay (~24.8 days); a longer session just reconnects once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the handshake found: the signed-in user, or null for an anonymous (public-only) socket. */
export interface SocketAuth {
  user: AuthenticatedUser | null;
  expiresAt?: number;
  /** The plan includes the real-time scanner. */
  realTime?: boolean;
}

/** Reads the handshake's token (already checked to be a non-empty string of at most 4 KB). */
export type SocketAuthenticator = (token: string) => Promise<SocketAuth>;

const ANONYMOUS: SocketAuth = { user: null };

function authOf(socket: Socket): SocketAuth {
  return (socket.data as { auth?: SocketAuth }).auth ?? ANONYMOUS;
}

/**
 * The browsers' side of the socket fabric: it only authenticates connections and joins them to their rooms.
 * Everything browsers receive is pushed through the BrowserEvents port (packages/transport), which this gateway
 * binds to its Socket.IO server when it starts.
 *
 * Handshake: `io(url, { auth: { token } })`. The authenticator is passed in (`setAuthenticator`, by the auth
 * module): a valid session joins `user:<id>`, `session:<id>` and, for admins, `admin`; no token, a bad or revoked
 * one, or no authenticator yet connects as anonymous (public rooms only).
 */
// CORS and the Origin check are the FabricIoAdapter's (only the app's origin).
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  private authenticator?: SocketAuthenticator;

  /** The Socket.IO server (tests read its rooms; services push through BrowserEvents). */
  @WebSocketServer()
  server!: FabricServer;

  constructor(private readonly events: FabricBrowserEvents) {}

  setAuthenticator(authenticator: SocketAuthenticator): void {
    this.authenticator = authenticator;
  }

  afterInit(server: FabricServer): void {
    this.events.attach(server);
    // Authenticate before the connection is accepted, so the rooms are joined before the client hears 'connect'.
    server.use((socket, next) => {
      void this.authenticate(socket)
        .catch(() => ANONYMOUS)
        .then((auth) => {
          (socket.data as { auth?: SocketAuth }).auth = auth;
          next();
        });
    });
    this.logger.log('socket fabric ready');
  }

  async handleConnection(socket: Socket): Promise<void> {
    const rooms: string[] = [ROOMS.publicScanner];
    const { user, expiresAt, realTime } = authOf(socket);
    if (user) {
      rooms.push(ROOMS.user(user.id), ROOMS.session(user.sessionId));
      if (user.role === 'admin') rooms.push(ROOMS.admin);
      if (realTime) rooms.push(ROOMS.realtimeScanner);
      if (expiresAt !== undefined) {
        // An expired session's socket goes too (the client's reconnect then comes in anonymous).
        const timer = setTimeout(
          () => socket.disconnect(true),
          Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - Date.now())),
        );
        timer.unref();
        this.expiryTimers.set(socket.id, timer);
      }
    }
    await socket.join(rooms);
  }

  handleDisconnect(socket: Socket): void {
    const timer = this.expiryTimers.get(socket.id);
    if (timer) clearTimeout(timer);
    this.expiryTimers.delete(socket.id);
  }

  private async authenticate(socket: Socket): Promise<SocketAuth> {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return ANONYMOUS;
    return this.authenticator ? this.authenticator(token) : ANONYMOUS;
  }
}
