import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { SessionEntity, SessionsRepository, UsersRepository } from '@arbitra/db';
import { normaliseRole, ROOMS, type SessionInfo } from '@arbitra/contracts';
import { BrowserEvents } from '@arbitra/transport';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { describeDevice, locationOf } from '../../common/http/device.js';
import { TokensService } from './tokens.service.js';
import type { OwnerId } from '@arbitra/db';

export const SESSION_TTL_MS = 12 * 3600_000;
export const REMEMBER_TTL_MS = 30 * 24 * 3600_000;
/** last_active_at is written at most this often per session. */
export const TOUCH_INTERVAL_MS = 60_000;

export type RevokeReason =
  | 'logout'
  | 'user'
  | 'password_change'
  | 'email_change'
  | 'password_reset'
  | 'account_disabled'
  | 'account_deleted'
  | 'other_sessions';

/** Server-side sessions (DECISIONS §5): every token is one row's; revoking the row kills the token at once. */
@Injectable()
export class SessionsService implements OnModuleInit, OnModuleDestroy {
  private cleanup?: NodeJS.Timeout;

  constructor(
    private readonly repo: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly tokens: TokensService,
    private readonly events: BrowserEvents,
  ) {}

  onModuleInit(): void {
    // Ended sessions are kept 30 days (the 'new device' check of login alerts reads them), then removed.
    this.cleanup = setInterval(() => {
      this.repo
        .purgeEnded()
        .then(() => this.users.purgeExpiredResetTokens())
        .catch(() => undefined);
    }, 3600_000);
    this.cleanup.unref();
  }

  onModuleDestroy(): void {
    if (this.cleanup) clearInterval(this.cleanup);
  }

  /** Makes the user's open sockets reconnect (their rooms are decided again at the handshake). */
  refreshSockets(userId: OwnerId): void {
    this.disconnect([ROOMS.user(userId)]);
  }

  /** Opens a session and signs its token. */
  async create(
    userId: OwnerId,
    client: ClientInfo,
    remember: boolean,
  ): Promise<{ session: SessionEntity; token: string }> {
    const session = await this.repo.insert(this.newSession(userId, client, remember));
    return { session, token: await this.sign(session) };
  }

  /** The row of a new session (the registration inserts it in its own transaction). */
  newSession(userId: OwnerId, client: ClientInfo, remember: boolean): Partial<SessionEntity> {
    const now = Date.now();
    const device = describeDevice(client.userAgent);
    return {
      userId,
      createdAt: new Date(now),
      lastActiveAt: new Date(now),
      expiresAt: new Date(now + (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS)),
      revokedAt: null,
      revokedReason: null,
      remember,
      ip: client.ip,
      userAgent: client.userAgent,
      device: device.label,
      location: locationOf(client.ip),
    };
  }

  /** The access token of a session. */
  sign(session: SessionEntity): Promise<string> {
    return this.tokens.signAccess(session.userId, session.id, session.expiresAt);
  }

  /**
   * The user behind a token: a valid JWT whose session row exists, is not revoked nor expired,
   * and whose user is not disabled. Marks the session active (at most once a minute).
   */
  async authenticate(
    token: string,
    options: { touch?: boolean } = {},
  ): Promise<(AuthenticatedUser & { expiresAt: Date }) | null> {
    const claims = await this.tokens.verifyAccess(token);
    if (!claims) return null;
    const row = await this.repo.withUser(claims.sessionId);
    const now = Date.now();
    if (
      !row ||
      row.user_id !== claims.userId ||
      row.revoked_at ||
      row.expires_at.getTime() <= now ||
      row.disabled_at
    )
      return null;
    if (options.touch !== false && now - row.last_active_at.getTime() >= TOUCH_INTERVAL_MS) {
      await this.repo.touch(row.id);
    }
    return {
      id: row.user_id,
      name: row.name,
      email: row.email,
      role: normaliseRole(row.role),
      sessionId: row.id,
      expiresAt: row.expires_at,
    };
  }

  /** The user's live sessions, most recently active first. */
  async list(userId: OwnerId, currentSessionId: string): Promise<SessionInfo[]> {
    const rows = await this.repo.live(userId);
    return rows.map((s) => {
      const d = describeDevice(s.userAgent);
      return {
        id: s.id,
        device: d.label,
        browser: d.browser,
        os: d.os,
        deviceType: d.deviceType,
        ip: s.ip,
        location: s.location,
        createdAt: s.createdAt.toISOString(),
        lastActive: s.lastActiveAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        current: s.id === currentSessionId,
      };
    });
  }

  async countActive(userId: OwnerId): Promise<number> {
    return this.repo.countLive(userId);
  }

  /** The most recent session opened (the last sign-in), live or not. */
  async latest(userId: OwnerId): Promise<SessionEntity | null> {
    return this.repo.latest(userId);
  }

  /** Has this user ever had a session from this address and browser (a device the owner really used)? */
  async seenFrom(userId: OwnerId, client: ClientInfo): Promise<boolean> {
    if (!client.ip || !client.userAgent) return false;
    return this.repo.usedFrom(userId, client.ip, client.userAgent);
  }

  /** Has this user signed in before from this exact user agent? */
  async knownDevice(userId: OwnerId, userAgent: string | null, exceptSessionId: string): Promise<boolean> {
    if (!userAgent) return false;
    return this.repo.usedUserAgent(userId, userAgent, exceptSessionId);
  }

  /**
   * Revokes one live session of this user; the lookup includes the user id, so another user's
   * session id is simply not found. Returns the revoked row, or null.
   */
  async revoke(userId: OwnerId, sessionId: string, reason: RevokeReason): Promise<SessionEntity | null> {
    const row = await this.repo.revoke(userId, sessionId, reason);
    if (!row) return null;
    this.disconnect([ROOMS.session(row.id)]);
    const session = new SessionEntity();
    Object.assign(session, { id: row.id, device: row.device, ip: row.ip });
    return session;
  }

  /** Revokes every live session of the user (but `exceptSessionId`); returns how many. */
  async revokeAll(userId: OwnerId, reason: RevokeReason, exceptSessionId?: string): Promise<number> {
    const ids = await this.repo.revokeAll(userId, reason, exceptSessionId);
    if (ids.length > 0) this.disconnect(ids.map((id) => ROOMS.session(id)));
    return ids.length;
  }

  /** Disconnects the sockets of these rooms on every api instance (a revoked session's sockets go at once). */
  private disconnect(rooms: string[]): void {
    for (const room of rooms) {
      try {
        this.events.disconnect(room);
      } catch {
        // The socket server is not up (a CLI, a unit test): no socket to disconnect, and the revocation stands.
      }
    }
  }
}
