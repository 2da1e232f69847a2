import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource, IsNull, MoreThan, Not, type EntityManager } from 'typeorm';
import { SessionEntity } from '@arbitra/db';
import { normaliseRole, type SessionInfo } from '@arbitra/contracts';
import { sqlRows } from '../../common/db/sql.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { describeDevice, locationOf } from './device.js';
import { TokensService } from './tokens.service.js';

export const SESSION_TTL_MS = 12 * 3600_000;
export const REMEMBER_TTL_MS = 30 * 24 * 3600_000;
/** last_active_at is written at most this often per session. */
export const TOUCH_INTERVAL_MS = 60_000;

export type RevokeReason =
  | 'logout'
  | 'user'
  | 'password_change'
  | 'password_reset'
  | 'account_disabled'
  | 'account_deleted'
  | 'other_sessions';

/** Called with the ids of sessions just revoked (the socket gateway disconnects their sockets). */
export type SessionsRevokedListener = (sessionIds: string[], userId: string) => void;

/** Called when a user's sockets must reconnect to rejoin their rooms (e.g. the role changed). */
export type UserSocketsRefreshListener = (userId: string) => void;

interface SessionRow {
  id: string;
  user_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  last_active_at: Date;
  name: string;
  email: string;
  role: string;
  disabled_at: Date | null;
}

/** Server-side sessions (DECISIONS §5): every token is one row's; revoking the row kills the token at once. */
@Injectable()
export class SessionsService implements OnModuleInit, OnModuleDestroy {
  private readonly listeners: SessionsRevokedListener[] = [];
  private readonly refreshListeners: UserSocketsRefreshListener[] = [];
  private cleanup?: NodeJS.Timeout;

  constructor(
    private readonly ds: DataSource,
    private readonly tokens: TokensService,
  ) {}

  onModuleInit(): void {
    // Ended sessions are kept 30 days (the 'new device' check of login alerts reads them), then removed.
    this.cleanup = setInterval(() => {
      this.ds
        .query(`DELETE FROM sessions WHERE COALESCE(revoked_at, expires_at) < now() - interval '30 days'`)
        .then(() =>
          this.ds.query(`DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'`),
        )
        .catch(() => undefined);
    }, 3600_000);
    this.cleanup.unref();
  }

  onModuleDestroy(): void {
    if (this.cleanup) clearInterval(this.cleanup);
  }

  onRevoked(listener: SessionsRevokedListener): void {
    this.listeners.push(listener);
  }

  onUserSocketsRefresh(listener: UserSocketsRefreshListener): void {
    this.refreshListeners.push(listener);
  }

  /** Makes the user's open sockets reconnect (their rooms are decided again at the handshake). */
  refreshSockets(userId: string): void {
    for (const listener of this.refreshListeners) {
      try {
        listener(userId);
      } catch {
        // Best effort.
      }
    }
  }

  /** Opens a session and signs its token. */
  async create(
    userId: string,
    client: ClientInfo,
    remember: boolean,
    manager: EntityManager = this.ds.manager,
  ): Promise<{ session: SessionEntity; token: string }> {
    const now = Date.now();
    const device = describeDevice(client.userAgent);
    const session = await manager.getRepository(SessionEntity).save(
      manager.getRepository(SessionEntity).create({
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
      }),
    );
    return { session, token: await this.tokens.signAccess(userId, session.id, session.expiresAt) };
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
    const rows = await sqlRows<SessionRow>(
      this.ds,
      `SELECT s.id, s.user_id, s.expires_at, s.revoked_at, s.last_active_at, u.name, u.email, u.role, u.disabled_at
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1`,
      [claims.sessionId],
    );
    const row = rows[0];
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
      await this.ds.query(`UPDATE sessions SET last_active_at = now() WHERE id = $1`, [row.id]);
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
  async list(userId: string, currentSessionId: string): Promise<SessionInfo[]> {
    const rows = await this.ds.getRepository(SessionEntity).find({
      where: { userId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { lastActiveAt: 'DESC', createdAt: 'DESC' },
    });
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

  async countActive(userId: string): Promise<number> {
    return this.ds
      .getRepository(SessionEntity)
      .count({ where: { userId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) } });
  }

  /** The most recent session opened (the last sign-in), live or not. */
  async latest(userId: string): Promise<SessionEntity | null> {
    return this.ds.getRepository(SessionEntity).findOne({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  /** Has this user signed in before from this exact user agent? */
  async knownDevice(userId: string, userAgent: string | null, exceptSessionId: string): Promise<boolean> {
    if (!userAgent) return false;
    return this.ds
      .getRepository(SessionEntity)
      .exists({ where: { userId, userAgent, id: Not(exceptSessionId) } });
  }

  /**
   * Revokes one live session of this user; the lookup includes the user id, so another user's
   * session id is simply not found. Returns the revoked row, or null.
   */
  async revoke(userId: string, sessionId: string, reason: RevokeReason): Promise<SessionEntity | null> {
    const rows = await sqlRows<{ id: string; device: string | null; ip: string | null }>(
      this.ds,
      `UPDATE sessions SET revoked_at = now(), revoked_reason = $3
        WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
        RETURNING id, device, ip`,
      [sessionId, userId, reason],
    );
    const row = rows[0];
    if (!row) return null;
    this.emit([row.id], userId);
    const session = new SessionEntity();
    Object.assign(session, { id: row.id, device: row.device, ip: row.ip });
    return session;
  }

  /** Revokes every live session of the user (but `exceptSessionId`); returns how many. */
  async revokeAll(userId: string, reason: RevokeReason, exceptSessionId?: string): Promise<number> {
    const rows = await sqlRows<{ id: string }>(
      this.ds,
      `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() AND ($3::uuid IS NULL OR id <> $3::uuid)
        RETURNING id`,
      [userId, reason, exceptSessionId ?? null],
    );
    const ids = rows.map((r) => r.id);
    if (ids.length > 0) this.emit(ids, userId);
    return ids.length;
  }

  private emit(ids: string[], userId: string): void {
    for (const listener of this.listeners) {
      try {
        listener(ids, userId);
      } catch {
        // A listener's failure must not undo a revocation.
      }
    }
  }
}
