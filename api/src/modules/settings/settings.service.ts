import { Injectable } from '@nestjs/common';
import {
  DEFAULT_TAKER_FEES,
  EVENTS,
  MESSAGES,
  adminSettingsUpdateSchema,
  type ExchangeId,
  type PlatformSettings,
  type PublicPlatformSettings,
} from '@arbitra/contracts';
import { PlatformSettingsRepository } from '@arbitra/db';
import type { z } from 'zod';
import { Decimal } from 'decimal.js';
import { forbidden } from '../../common/errors/app-error.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { BrowserEvents } from '@arbitra/transport';
import { AuditService } from '../audit/audit.service.js';

/**
 * Platform settings (/admin/settings): taker fees (sent to every engine at once over the fabric; the engines
 * also read them at start), the maintenance banner (sent live to every browser) and whether registrations are open.
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly repo: PlatformSettingsRepository,
    private readonly audit: AuditService,
    private readonly events: BrowserEvents,
  ) {}

  read(): Promise<PlatformSettings> {
    return this.repo.read({ takerFees: { ...DEFAULT_TAKER_FEES } });
  }

  async readPublic(): Promise<PublicPlatformSettings> {
    const s = await this.read();
    return { maintenance: s.maintenance, registrationsOpen: s.registrationsOpen };
  }

  /** Register refuses new accounts while registrations are closed. */
  async assertRegistrationsOpen(): Promise<void> {
    if (!(await this.read()).registrationsOpen)
      throw forbidden('registrations_closed', MESSAGES.admin.registrationsClosed);
  }

  async update(
    admin: AuthenticatedUser,
    patch: z.output<typeof adminSettingsUpdateSchema>,
    client: ClientInfo,
  ): Promise<PlatformSettings> {
    const before = await this.read();
    const takerFees: Partial<Record<ExchangeId, number>> = {};
    for (const [ex, pct] of Object.entries(patch.takerFeesPercent ?? {}) as [ExchangeId, number][]) {
      // % → fraction without binary noise (0.1 % → 0.001).
      takerFees[ex] = new Decimal(pct).div(100).toDecimalPlaces(8).toNumber();
    }
    await this.repo.write(
      { takerFees, maintenance: patch.maintenance, registrationsOpen: patch.registrationsOpen },
      admin.id,
    );
    const after = await this.read();
    await this.audit.record('settings_changed', {
      userId: admin.id,
      actorId: admin.id,
      client,
      metadata: { reason: patch.reason, changes: diff(before, after) },
    });
    this.events.toEngines(EVENTS.settingsChanged, after);
    this.events.toEveryone(EVENTS.platformSettings, {
      maintenance: after.maintenance,
      registrationsOpen: after.registrationsOpen,
    });
    return after;
  }
}

/** The changed keys, before → after (the audit log keeps it). */
function diff(a: PlatformSettings, b: PlatformSettings): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const ex of Object.keys(b.takerFees) as ExchangeId[]) {
    if (a.takerFees[ex] !== b.takerFees[ex])
      out[`takerFee.${ex}`] = { from: a.takerFees[ex], to: b.takerFees[ex] };
  }
  if (JSON.stringify(a.maintenance) !== JSON.stringify(b.maintenance))
    out.maintenance = { from: a.maintenance, to: b.maintenance };
  if (a.registrationsOpen !== b.registrationsOpen)
    out.registrationsOpen = { from: a.registrationsOpen, to: b.registrationsOpen };
  return out;
}
