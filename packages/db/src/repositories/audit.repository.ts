import { likePattern } from './sql.js';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditAction } from '@arbitra/contracts';
import { AuditLogEntity } from '../entities/audit-log.entity.js';
import type { OwnerId } from '../tenancy.js';

/** One audit row to write. */
export interface AuditInsert {
  userId: string | null;
  actorId: string | null;
  action: AuditAction;
  ip: string | null;
  userAgent: string | null;
  metadata: Record<string, unknown>;
}

/** A user of an admin's audit listing. */
export interface AuditUserRef {
  u_id: string | null;
  u_name: string | null;
  u_email: string | null;
  /** The admin who acted (actor_id), when not the user. */
  act_name: string | null;
  act_email: string | null;
}

/** The ONLY code that reads or writes `audit_log`. */
/** The admin audit page's filter. */
export interface AdminAuditFilter {
  userId?: string | undefined;
  action?: string | undefined;
  /** Name or email of the user or of the admin who acted (or the email a failed login typed). */
  user?: string | undefined;
  /** YYYY-MM-DD, São Paulo days, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

export class AuditRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(r: AuditInsert, m: EntityManager = this.ds.manager): Promise<void> {
    await m.query(
      `INSERT INTO audit_log (user_id, actor_id, action, ip, user_agent, metadata) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
      [r.userId, r.actorId, r.action, r.ip, r.userAgent, JSON.stringify(r.metadata)],
    );
  }

  /** The user's events, newest first, one page (and the total). */
  pageForUser(userId: OwnerId, offset: number, limit: number): Promise<[AuditLogEntity[], number]> {
    return this.ds.getRepository(AuditLogEntity).findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: offset,
      take: limit,
    });
  }

  /** Every event of the user, newest first (LGPD export). */
  allForUser(userId: OwnerId): Promise<AuditLogEntity[]> {
    return this.ds
      .getRepository(AuditLogEntity)
      .find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** Every user's events (admins), newest first, optionally for one user or one action, with the user. */
  async adminPage(
    filter: AdminAuditFilter,
    offset: number,
    limit: number,
  ): Promise<{ total: number; rows: { entry: AuditLogEntity; user: AuditUserRef | undefined }[] }> {
    const qb = this.ds
      .getRepository(AuditLogEntity)
      .createQueryBuilder('a')
      .leftJoin('users', 'u', 'u.id = a.user_id')
      .leftJoin('users', 'act', 'act.id = a.actor_id')
      .select('a')
      .addSelect([
        'u.id AS u_id',
        'u.name AS u_name',
        'u.email AS u_email',
        'act.name AS act_name',
        'act.email AS act_email',
      ]);
    if (filter.userId) qb.andWhere('a.user_id = :userId', { userId: filter.userId });
    if (filter.action) qb.andWhere('a.action = :action', { action: filter.action });
    if (filter.user) {
      qb.andWhere(
        `(u.name ILIKE :who OR u.email ILIKE :who OR act.name ILIKE :who OR act.email ILIKE :who OR a.metadata->>'email' ILIKE :who)`,
        { who: likePattern(filter.user) },
      );
    }
    if (filter.from)
      qb.andWhere(`a.created_at >= (:from::date::timestamp AT TIME ZONE 'America/Sao_Paulo')`, {
        from: filter.from,
      });
    if (filter.to)
      qb.andWhere(`a.created_at < ((:to::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo')`, {
        to: filter.to,
      });
    const total = await qb.getCount();
    const { entities, raw } = await qb
      .orderBy('a.created_at', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .offset(offset)
      .limit(limit)
      .getRawAndEntities<AuditUserRef>();
    return { total, rows: entities.map((entry, i) => ({ entry, user: raw[i] })) };
  }

  /** Failed logins typed with this email before the account existed (personal data of a deleted account). */
  async deleteAnonymousForEmail(m: EntityManager, email: string): Promise<void> {
    await m.query(`DELETE FROM audit_log WHERE user_id IS NULL AND metadata->>'email' = $1`, [email]);
  }
}
