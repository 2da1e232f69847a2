import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditLogEntity } from '@arbitra/db';
import {
  auditActionLabel,
  type AdminAuditEntry,
  type AuditAction,
  type AuditEntry,
  type Page,
} from '@arbitra/contracts';
import type { ClientInfo } from '../../common/http/request-context.js';
import { describeDevice } from '../auth/device.js';

export interface AuditRecord {
  /** The account concerned (null: unknown email, anonymised deletion). */
  userId: string | null;
  /** Who acted, when not the user (an admin). */
  actorId?: string | null;
  client?: ClientInfo;
  metadata?: Record<string, unknown>;
}

/** The audit log of security events: written by every module, read by the user ('Atividade recente') and admins. */
@Injectable()
export class AuditService {
  constructor(private readonly ds: DataSource) {}

  async record(action: AuditAction, r: AuditRecord): Promise<void> {
    await this.ds.query(
      `INSERT INTO audit_log (user_id, actor_id, action, ip, user_agent, metadata) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
      [
        r.userId,
        r.actorId ?? null,
        action,
        r.client?.ip ?? null,
        r.client?.userAgent ?? null,
        JSON.stringify(r.metadata ?? {}),
      ],
    );
  }

  /** The user's own events, newest first. */
  async listForUser(userId: string, page: number, pageSize: number): Promise<Page<AuditEntry>> {
    const [rows, total] = await this.ds.getRepository(AuditLogEntity).findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { items: rows.map(toEntry), total, page, pageSize };
  }

  /** Every user's events (admins), newest first, optionally for one user or one action. */
  async listAll(
    filter: { userId?: string | undefined; action?: string | undefined },
    page: number,
    pageSize: number,
  ): Promise<Page<AdminAuditEntry>> {
    const qb = this.ds
      .getRepository(AuditLogEntity)
      .createQueryBuilder('a')
      .leftJoin('users', 'u', 'u.id = a.user_id')
      .select('a')
      .addSelect(['u.id AS u_id', 'u.name AS u_name', 'u.email AS u_email']);
    if (filter.userId) qb.andWhere('a.user_id = :userId', { userId: filter.userId });
    if (filter.action) qb.andWhere('a.action = :action', { action: filter.action });
    const total = await qb.getCount();
    const { entities, raw } = await qb
      .orderBy('a.created_at', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getRawAndEntities<{ u_id: string | null; u_name: string | null; u_email: string | null }>();
    const items = entities.map((e, i): AdminAuditEntry => {
      const r = raw[i];
      return {
        ...toEntry(e),
        user: r?.u_id ? { id: r.u_id, name: r.u_name ?? '', email: r.u_email ?? '' } : null,
      };
    });
    return { items, total, page, pageSize };
  }
}

function toEntry(e: AuditLogEntity): AuditEntry {
  return {
    id: String(e.id),
    action: e.action,
    label: auditActionLabel(e.action),
    ip: e.ip,
    device: e.userAgent ? describeDevice(e.userAgent).label : null,
    metadata: e.metadata,
    createdAt: e.createdAt.toISOString(),
  };
}
