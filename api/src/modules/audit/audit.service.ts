import { Injectable } from '@nestjs/common';
import { AuditRepository, type AdminAuditFilter, type AuditLogEntity } from '@arbitra/db';
import {
  auditActionLabel,
  type AdminAuditEntry,
  type AuditAction,
  type AuditEntry,
  type Page,
} from '@arbitra/contracts';
import type { ClientInfo } from '../../common/http/request-context.js';
import { describeDevice } from '../../common/http/device.js';
import type { OwnerId, Tx } from '@arbitra/db';

export interface AuditRecord {
  /** The account concerned (null: unknown email, anonymised deletion). */
  userId: string | null;
  /** Who acted, when not the user (an admin). */
  actorId?: string | null;
  client?: ClientInfo;
  metadata?: Record<string, unknown>;
  /** Written inside this transaction: the row commits (or not) with the change it records. */
  tx?: Tx;
}

/** The audit log of security events: written by every module, read by the user ('Atividade recente') and admins. */
@Injectable()
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  async record(action: AuditAction, r: AuditRecord): Promise<void> {
    await this.repo.insert(
      {
        userId: r.userId,
        actorId: r.actorId ?? null,
        action,
        ip: r.client?.ip ?? null,
        userAgent: r.client?.userAgent ?? null,
        metadata: r.metadata ?? {},
      },
      r.tx?.manager,
    );
  }

  /** The user's own events, newest first. */
  async listForUser(userId: OwnerId, page: number, pageSize: number): Promise<Page<AuditEntry>> {
    const [rows, total] = await this.repo.pageForUser(userId, (page - 1) * pageSize, pageSize);
    return { items: rows.map(toEntry), total, page, pageSize };
  }

  /** Every user's events (admins), newest first, optionally for one user or one action. */
  async listAll(filter: AdminAuditFilter, page: number, pageSize: number): Promise<Page<AdminAuditEntry>> {
    const { total, rows } = await this.repo.adminPage(filter, (page - 1) * pageSize, pageSize);
    const items = rows.map(({ entry, user: r }): AdminAuditEntry => ({
      ...toEntry(entry),
      user: r?.u_id ? { id: r.u_id, name: r.u_name ?? '', email: r.u_email ?? '' } : null,
      actor: entry.actorId ? { id: entry.actorId, name: r?.act_name ?? '', email: r?.act_email ?? '' } : null,
    }));
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
