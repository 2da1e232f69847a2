import { z } from 'zod';
import { EXCHANGE_IDS, type ExchangeId } from './exchanges.js';

/** Platform settings edited on /admin/settings (one row each in platform_settings). */
export interface PlatformSettings {
  /** Taker fee per exchange as a fraction (0.001 = 0,1 %), used by the detectors and the paper exchange. */
  takerFees: Record<ExchangeId, number>;
  maintenance: { active: boolean; message: string };
  registrationsOpen: boolean;
}

/** What every browser may know (GET /api/settings/public and the 'platform:settings' event). */
export type PublicPlatformSettings = Pick<PlatformSettings, 'maintenance' | 'registrationsOpen'>;

/**
 * Default taker fees (fractions) from the exchanges' public spot schedules, base (non-VIP) tier; the engine's
 * fee table (engine/src/arbitrage/fees.ts) documents the sources. An admin overrides them on /admin/settings.
 */
export const DEFAULT_TAKER_FEES: Readonly<Record<ExchangeId, number>> = {
  binance: 0.001,
  bybit: 0.001,
  gateio: 0.002,
  mexc: 0.0005,
  mercadobitcoin: 0.007,
};

/** A taker fee is kept below 10 %. */
export const MAX_TAKER_FEE = 0.1;

const percent = z
  .number({ error: 'Informe a taxa em %' })
  .min(0, 'A taxa não pode ser negativa')
  .max(9.99, 'A taxa deve ser menor que 10%');

/** PUT /api/admin/settings: any subset, with the reason the admin gives (audited). Fees in % (0.1 = 0,1 %). */
export const adminSettingsUpdateSchema = z.strictObject({
  takerFeesPercent: z
    .partialRecord(z.enum(EXCHANGE_IDS as unknown as [ExchangeId, ...ExchangeId[]]), percent)
    .optional(),
  maintenance: z
    .strictObject({
      active: z.boolean(),
      message: z.string().trim().max(280, 'A mensagem deve ter no máximo 280 caracteres'),
    })
    .optional(),
  registrationsOpen: z.boolean().optional(),
  reason: z.string().trim().min(3, 'Informe o motivo (mínimo 3 caracteres)').max(500),
});
export type AdminSettingsUpdate = z.input<typeof adminSettingsUpdateSchema>;
