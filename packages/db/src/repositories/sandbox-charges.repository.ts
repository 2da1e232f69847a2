import type { DataSource } from 'typeorm';
import type { PaymentStatus } from '@arbitra/contracts';
import { managerOf, type Tx } from './unit-of-work.js';

export interface SandboxChargeRecord {
  id: string;
  status: PaymentStatus;
  failureReason: string | null;
  amountCents: number;
}

/** The sandbox provider's ledger (its answer to "what is the status of payment X"). */
export class SandboxChargesRepository {
  constructor(private readonly ds: DataSource) {}

  async create(id: string, amountCents: number, status: PaymentStatus, tx?: Tx): Promise<void> {
    await managerOf(this.ds, tx).query(
      `INSERT INTO sandbox_charges (id, status, amount_cents) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
      [id, status, amountCents],
    );
  }

  async find(id: string, tx?: Tx): Promise<SandboxChargeRecord | null> {
    const [r] = await managerOf(this.ds, tx).query<
      { id: string; status: PaymentStatus; failure_reason: string | null; amount_cents: number }[]
    >(`SELECT id, status, failure_reason, amount_cents FROM sandbox_charges WHERE id = $1`, [id]);
    return r
      ? { id: r.id, status: r.status, failureReason: r.failure_reason, amountCents: r.amount_cents }
      : null;
  }

  /** pending → status (the provider decides once). False when it was not pending. */
  async decide(id: string, status: PaymentStatus, reason: string | null, tx?: Tx): Promise<boolean> {
    const out = await managerOf(this.ds, tx).query<[unknown[], number]>(
      `UPDATE sandbox_charges SET status = $2, failure_reason = $3, updated_at = now()
        WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id, status, reason],
    );
    return out[1] > 0;
  }

  async refund(id: string, tx?: Tx): Promise<void> {
    await managerOf(this.ds, tx).query(
      `UPDATE sandbox_charges SET status = 'refunded', updated_at = now() WHERE id = $1 AND status = 'approved'`,
      [id],
    );
  }

  // ---- saved cards (the sandbox's side of a card kept for renewals)

  async saveCard(id: string, customerId: string, tx?: Tx): Promise<void> {
    await managerOf(this.ds, tx).query(
      `INSERT INTO sandbox_cards (id, customer_id) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
      [id, customerId],
    );
  }

  /** Whether the sandbox's issuer declines charges to the card; null when the card does not exist (removed). */
  async cardDeclines(id: string, customerId: string, tx?: Tx): Promise<boolean | null> {
    const [r] = await managerOf(this.ds, tx).query<{ declines: boolean }[]>(
      `SELECT declines FROM sandbox_cards WHERE id = $1 AND customer_id = $2`,
      [id, customerId],
    );
    return r ? r.declines : null;
  }

  async setCardDeclines(id: string, declines: boolean, tx?: Tx): Promise<void> {
    await managerOf(this.ds, tx).query(`UPDATE sandbox_cards SET declines = $2 WHERE id = $1`, [
      id,
      declines,
    ]);
  }

  async removeCard(id: string, tx?: Tx): Promise<void> {
    await managerOf(this.ds, tx).query(`DELETE FROM sandbox_cards WHERE id = $1`, [id]);
  }
}
