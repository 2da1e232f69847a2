import type { DataSource } from 'typeorm';
import type { CardBrand } from '@arbitra/contracts';
import { ownerOfRow, type OwnerId } from '../tenancy.js';
import { managerOf, type Tx } from './unit-of-work.js';

/** The card a user keeps at the provider for renewals: the provider's references, never card data. */
export interface PaymentMethodRecord {
  userId: OwnerId;
  provider: 'sandbox' | 'mercadopago';
  providerCustomerId: string;
  providerCardId: string;
  cardBrand: CardBrand;
  cardLast4: string;
  createdAt: Date;
}

interface Row {
  user_id: string;
  provider: 'sandbox' | 'mercadopago';
  provider_customer_id: string;
  provider_card_id: string;
  card_brand: CardBrand;
  card_last4: string;
  created_at: Date;
}

const COLUMNS =
  'user_id, provider, provider_customer_id, provider_card_id, card_brand, card_last4, created_at';

const toRecord = (r: Row): PaymentMethodRecord => ({
  userId: ownerOfRow(r.user_id),
  provider: r.provider,
  providerCustomerId: r.provider_customer_id,
  providerCardId: r.provider_card_id,
  cardBrand: r.card_brand,
  cardLast4: r.card_last4,
  createdAt: r.created_at,
});

/** payment_methods: one stored card per user (a new one replaces the old). */
export class PaymentMethodsRepository {
  constructor(private readonly ds: DataSource) {}

  async findForUser(userId: OwnerId, tx?: Tx): Promise<PaymentMethodRecord | null> {
    const [r] = await managerOf(this.ds, tx).query<Row[]>(
      `SELECT ${COLUMNS} FROM payment_methods WHERE user_id = $1`,
      [userId],
    );
    return r ? toRecord(r) : null;
  }

  /** Saves the user's card; answers the one it replaced (to be removed at the provider), if any. */
  async save(
    m: Omit<PaymentMethodRecord, 'createdAt'>,
    tx?: Tx,
  ): Promise<{ saved: PaymentMethodRecord; replaced: PaymentMethodRecord | null }> {
    const db = managerOf(this.ds, tx);
    const [old] = await db.query<Row[]>(
      `SELECT ${COLUMNS} FROM payment_methods WHERE user_id = $1 FOR UPDATE`,
      [m.userId],
    );
    const out = await db.query<Row[] | [Row[], number]>(
      `INSERT INTO payment_methods (user_id, provider, provider_customer_id, provider_card_id, card_brand, card_last4)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE
         SET provider = EXCLUDED.provider, provider_customer_id = EXCLUDED.provider_customer_id,
             provider_card_id = EXCLUDED.provider_card_id, card_brand = EXCLUDED.card_brand,
             card_last4 = EXCLUDED.card_last4, created_at = now()
       RETURNING ${COLUMNS}`,
      [m.userId, m.provider, m.providerCustomerId, m.providerCardId, m.cardBrand, m.cardLast4],
    );
    const rows: Row[] = Array.isArray(out[0]) ? out[0] : (out as Row[]);
    const replaced = old && old.provider_card_id !== m.providerCardId ? toRecord(old) : null;
    return { saved: toRecord(rows[0]!), replaced };
  }

  /** Removes the user's card; answers what was removed (null: there was none). */
  async remove(userId: OwnerId, tx?: Tx): Promise<PaymentMethodRecord | null> {
    const out = await managerOf(this.ds, tx).query<[Row[], number]>(
      `DELETE FROM payment_methods WHERE user_id = $1 RETURNING ${COLUMNS}`,
      [userId],
    );
    const rows: Row[] = Array.isArray(out[0]) ? out[0] : (out as unknown as Row[]);
    return rows[0] ? toRecord(rows[0]) : null;
  }
}
