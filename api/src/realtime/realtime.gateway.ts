import { Logger } from '@nestjs/common';
import {
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { EVENTS, ROOMS, type EngineHeartbeat } from '@arbitra/contracts';
import type { FabricServer } from '@arbitra/transport';
import type { AuthenticatedUser } from '../common/http/request-context.js';
import { SessionsService } from '../modules/auth/sessions.service.js';
import { EngineStatusService } from '../modules/engine-link/engine-status.service.js';
import { EntitlementsService } from '../modules/subscriptions/entitlements.service.js';

/** setTimeout's longest delay (~24.8 days); a longer session just reconnects once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the handshake found: the signed-in user, or null for an anonymous (public-only) socket. */
interface SocketAuth {
  user: AuthenticatedUser | null;
  expiresAt?: number;
  /** The plan includes the real-time scanner. */
  realTime?: boolean;
}

function authOf(socket: Socket): SocketAuth {
  return (socket.data as { auth?: SocketAuth }).auth ?? { user: null };
}

/**
 * The browsers' side of the socket fabric. Everything browsers receive is
 * published by the engine (or services) into rooms, through the adapter.
 *
 * Handshake: `io(url, { auth: { token } })`. A valid session joins `user:<id>`, `session:<id>` and,
 * for admins, `admin`; no token or a bad/revoked one connects as anonymous (public rooms only).
 * Revoking a session disconnects its sockets on every api instance (through the adapter).
 */
// CORS and the Origin check are the FabricIoAdapter's (only the app's origin).
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  private readonly adminJoined: (() => void)[] = [];

  @WebSocketServer()
  server!: FabricServer;

  constructor(
    private readonly engineStatus: EngineStatusService,
    private readonly sessions: SessionsService,
    private readonly entitlements: EntitlementsService,
  ) {}

  afterInit(server: FabricServer): void {
    // Engine heartbeats arrive as server-side events over the adapter.
    server.on(EVENTS.engineHeartbeat, (hb: EngineHeartbeat) => this.engineStatus.record(hb));
    // Authenticate before the connection is accepted, so the rooms are joined before the client hears 'connect'.
    server.use((socket, next) => {
      this.authenticate(socket)
        .then((auth) => {
          (socket.data as { auth?: SocketAuth }).auth = auth;
          next();
        })
        .catch(() => {
          (socket.data as { auth?: SocketAuth }).auth = { user: null };
          next();
        });
    });
    this.sessions.onRevoked((sessionIds) => {
      for (const id of sessionIds) server.in(ROOMS.session(id)).disconnectSockets(true);
    });
    this.sessions.onUserSocketsRefresh((userId) => server.in(ROOMS.user(userId)).disconnectSockets(true));
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
    if (user?.role === 'admin') for (const l of this.adminJoined) l();
  }

  /** Admin sockets connected to this process (the live metrics are collected only while there are some). */
  localAdminSockets(): number {
    return this.server.of('/').adapter.rooms.get(ROOMS.admin)?.size ?? 0;
  }

  /** Sockets connected to this process. */
  localSockets(): number {
    return this.server.of('/').sockets.size;
  }

  onAdminJoined(listener: () => void): void {
    this.adminJoined.push(listener);
  }

  handleDisconnect(socket: Socket): void {
    const timer = this.expiryTimers.get(socket.id);
    if (timer) clearTimeout(timer);
    this.expiryTimers.delete(socket.id);
  }

  private async authenticate(socket: Socket): Promise<SocketAuth> {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return { user: null };
    const found = await this.sessions.authenticate(token);
    if (!found) return { user: null };
    const { expiresAt, ...user } = found;
    // Real-time scanner for plans that include it (Profissional, Enterprise, the trial); the rest get the 3-s public one.
    const realTime = (await this.entitlements.forUser(user.id)).canUseRealTime;
    return { user, expiresAt: expiresAt.getTime(), realTime };
  }
}
