import type { DataSource } from 'typeorm';
import type { CardBrand } from '@arbitra/contracts';
import { ownerOfRow, type OwnerId } from '../tenancy.js';
import { camelColumns, sqlRows } from './sql.js';
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

/** A row as COLUMNS reads it: the record's fields, its owner not yet typed as one. */
type Row = Omit<PaymentMethodRecord, 'userId'> & { userId: string };

const COLUMNS = camelColumns(
  'user_id, provider, provider_customer_id, provider_card_id, card_brand, card_last4, created_at',
);

const toRecord = (r: Row): PaymentMethodRecord => ({ ...r, userId: ownerOfRow(r.userId) });

/** payment_methods: one stored card per user (a new one replaces the old). */
export class PaymentMethodsRepository {
  constructor(private readonly ds: DataSource) {}

  async findForUser(userId: OwnerId, tx?: Tx): Promise<PaymentMethodRecord | null> {
    const [r] = await sqlRows<Row>(
      managerOf(this.ds, tx),
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
    const [old] = await sqlRows<Row>(
      db,
      `SELECT ${COLUMNS} FROM payment_methods WHERE user_id = $1 FOR UPDATE`,
      [m.userId],
    );
    const [saved] = await sqlRows<Row>(
      db,
      `INSERT INTO payment_methods (user_id, provider, provider_customer_id, provider_card_id, card_brand, card_last4)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE
         SET provider = EXCLUDED.provider, provider_customer_id = EXCLUDED.provider_customer_id,
             provider_card_id = EXCLUDED.provider_card_id, card_brand = EXCLUDED.card_brand,
             card_last4 = EXCLUDED.card_last4, created_at = now()
       RETURNING ${COLUMNS}`,
      [m.userId, m.provider, m.providerCustomerId, m.providerCardId, m.cardBrand, m.cardLast4],
    );
    const replaced = old && old.providerCardId !== m.providerCardId ? toRecord(old) : null;
    return { saved: toRecord(saved!), replaced };
  }

  /** Removes the user's card; answers what was removed (null: there was none). */
  async remove(userId: OwnerId, tx?: Tx): Promise<PaymentMethodRecord | null> {
    const [removed] = await sqlRows<Row>(
      managerOf(this.ds, tx),
      `DELETE FROM payment_methods WHERE user_id = $1 RETURNING ${COLUMNS}`,
      [userId],
    );
    return removed ? toRecord(removed) : null;
  }
}
