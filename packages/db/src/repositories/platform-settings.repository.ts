import type { DataSource } from 'typeorm';
import { EXCHANGE_IDS, type ExchangeId, type PlatformSettings } from '@arbitra/contracts';
import { managerOf, type Tx } from './unit-of-work.js';

/** Keys of platform_settings and the value each one holds. */
interface SettingValues {
  taker_fees: Partial<Record<ExchangeId, number>>;
  maintenance: PlatformSettings['maintenance'];
  registrations_open: boolean;
}

/**
 * The platform settings (/admin/settings), one row per key. `defaults` are the values a key has before
 * an admin first sets it (the taker fees from the engine's fee schedule).
 */
export class PlatformSettingsRepository {
  constructor(private readonly ds: DataSource) {}

  async read(defaults: { takerFees: Record<ExchangeId, number> }, tx?: Tx): Promise<PlatformSettings> {
    const rows: { key: keyof SettingValues; value: unknown }[] = await managerOf(this.ds, tx).query(
      `SELECT key, value FROM platform_settings`,
    );
    const v = Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<SettingValues>;
    const takerFees = { ...defaults.takerFees };
    for (const ex of EXCHANGE_IDS) {
      const fee = v.taker_fees?.[ex];
      if (typeof fee === 'number') takerFees[ex] = fee;
    }
    return {
      takerFees,
      maintenance: v.maintenance ?? { active: false, message: '' },
      registrationsOpen: v.registrations_open ?? true,
    };
  }

  /** Writes the given keys (fees merged into the stored ones), recording who changed them. */
  async write(
    patch: {
      takerFees?: Partial<Record<ExchangeId, number>>;
      maintenance?: PlatformSettings['maintenance'];
      registrationsOpen?: boolean;
    },
    adminId: string,
    tx?: Tx,
  ): Promise<void> {
    const m = managerOf(this.ds, tx);
    const upsert = (key: keyof SettingValues, value: unknown, merge: boolean) =>
      m.query(
        `INSERT INTO platform_settings (key, value, updated_by) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (key) DO UPDATE SET value = ${merge ? 'platform_settings.value || EXCLUDED.value' : 'EXCLUDED.value'},
           updated_at = now(), updated_by = EXCLUDED.updated_by`,
        [key, JSON.stringify(value), adminId],
      );
    if (patch.takerFees && Object.keys(patch.takerFees).length)
      await upsert('taker_fees', patch.takerFees, true);
    if (patch.maintenance) await upsert('maintenance', patch.maintenance, false);
    if (patch.registrationsOpen !== undefined)
      await upsert('registrations_open', patch.registrationsOpen, false);
  }
}
