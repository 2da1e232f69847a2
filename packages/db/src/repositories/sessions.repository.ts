import type { DataSource, EntityManager } from 'typeorm';
import { IsNull, MoreThan, Not } from 'typeorm';
import { SessionEntity } from '../entities/session.entity.js';
import type { OwnerId } from '../tenancy.js';
import { preparedRows, sqlRows } from './sql.js';

/** A session and its user, as authentication reads them. */
export interface SessionWithUser {
  id: string;
  /** The authenticated request's owner: every owned query of the request is scoped by it. */
  user_id: OwnerId;
  expires_at: Date;
  revoked_at: Date | null;
  last_active_at: Date;
  name: string;
  email: string;
  role: string;
  disabled_at: Date | null;
}

/** The ONLY code that reads or writes `sessions`. */
export class SessionsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Opens a session (inside the registration's transaction when `m` is given). */
  insert(values: Partial<SessionEntity>, m: EntityManager = this.ds.manager): Promise<SessionEntity> {
    const repo = m.getRepository(SessionEntity);
    return repo.save(repo.create(values));
  }

  /** Every authenticated request reads it: a prepared statement (issue 13). */
  async withUser(sessionId: string): Promise<SessionWithUser | undefined> {
    const rows = await preparedRows<SessionWithUser>(
      this.ds,
      `SELECT s.id, s.user_id, s.expires_at, s.revoked_at, s.last_active_at, u.name, u.email, u.role, u.disabled_at
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1`,
      [sessionId],
    );
    return rows[0];
  }

  async touch(sessionId: string): Promise<void> {
    await this.ds.query(`UPDATE sessions SET last_active_at = now() WHERE id = $1`, [sessionId]);
  }

  /** The user's live sessions, most recently active first. */
  live(userId: OwnerId): Promise<SessionEntity[]> {
    return this.ds.getRepository(SessionEntity).find({
      where: { userId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { lastActiveAt: 'DESC', createdAt: 'DESC' },
    });
  }

  countLive(userId: OwnerId): Promise<number> {
    return this.ds
      .getRepository(SessionEntity)
      .count({ where: { userId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) } });
  }

  /** Every session of the user, newest first (LGPD export). */
  allForUser(userId: OwnerId): Promise<SessionEntity[]> {
    return this.ds.getRepository(SessionEntity).find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  latest(userId: OwnerId): Promise<SessionEntity | null> {
    return this.ds.getRepository(SessionEntity).findOne({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  /** Has this user had another session from this exact user agent? */
  /** Has this user ever had a session (live or not) from this address with this user agent? */
  usedFrom(userId: OwnerId, ip: string, userAgent: string): Promise<boolean> {
    return this.ds.getRepository(SessionEntity).exists({ where: { userId, ip, userAgent } });
  }

  usedUserAgent(userId: OwnerId, userAgent: string, exceptSessionId: string): Promise<boolean> {
    return this.ds
      .getRepository(SessionEntity)
      .exists({ where: { userId, userAgent, id: Not(exceptSessionId) } });
  }

  /** Revokes one live session of this user; answers the revoked row's id, device and ip. */
  async revoke(
    userId: OwnerId,
    sessionId: string,
    reason: string,
  ): Promise<{ id: string; device: string | null; ip: string | null } | undefined> {
    const rows = await sqlRows<{ id: string; device: string | null; ip: string | null }>(
      this.ds,
      `UPDATE sessions SET revoked_at = now(), revoked_reason = $3
        WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
        RETURNING id, device, ip`,
      [sessionId, userId, reason],
    );
    return rows[0];
  }

  /** Revokes every live session of the user (but `exceptSessionId`); answers their ids. */
  async revokeAll(userId: OwnerId, reason: string, exceptSessionId?: string): Promise<string[]> {
    const rows = await sqlRows<{ id: string }>(
      this.ds,
      `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() AND ($3::uuid IS NULL OR id <> $3::uuid)
        RETURNING id`,
      [userId, reason, exceptSessionId ?? null],
    );
    return rows.map((r) => r.id);
  }

  /** Ended sessions are kept 30 days (the 'new device' check of login alerts reads them), then removed. */
  async purgeEnded(): Promise<void> {
    await this.ds.query(
      `DELETE FROM sessions WHERE COALESCE(revoked_at, expires_at) < now() - interval '30 days'`,
    );
  }
}
