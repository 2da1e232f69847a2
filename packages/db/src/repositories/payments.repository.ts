import type { DataSource } from 'typeorm';
import type {
  BillingCycle,
  PaymentKind,
  PaymentMethod,
  PaymentProviderName,
  PaymentStatus,
  PlanId,
} from '@arbitra/contracts';
import { ownerOfRow, type OwnerId } from '../tenancy.js';
import { camelColumns, sqlRows } from './sql.js';
import { managerOf, type Tx } from './unit-of-work.js';

export type { PaymentKind, PaymentMethod, PaymentProviderName, PaymentStatus };

/** One row of the payments ledger. Money in integer cents of BRL. */
export interface PaymentRecord {
  id: string;
  userId: OwnerId;
  planId: PlanId;
  billing: BillingCycle;
  kind: PaymentKind;
  amountCents: number;
  method: PaymentMethod;
  provider: PaymentProviderName;
  providerPaymentId: string | null;
  status: PaymentStatus;
  invoiceNumber: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  /**
   * A pending card payment's single-use token (made in the browser), kept only until the payment is settled: on
   * approval it saves the card at the provider (payment_methods). Never a card number.
   */
  cardToken: string | null;
  /** The payer's CPF (11 digits), only on payments that needed it (boleto; card on Mercado Pago). */
  payerCpf: string | null;
  pixCode: string | null;
  pixExpiresAt: Date | null;
  boletoLine: string | null;
  boletoBarcode: string | null;
  boletoDueDate: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  approvedAt: Date | null;
  refundedAt: Date | null;
  /**
   * The subscription state the charge was quoted for (billing's CheckoutService and RenewalsService decide what it holds): a charge approved once
   * that state changed is refunded instead of applied. Null on grants and on payments made before it existed.
   */
  quoteBasis?: Record<string, unknown> | null;
}

/** A payment to insert: its plan, amount and method, and what the caller already knows of the rest. */
export type NewPayment = Pick<
  PaymentRecord,
  'userId' | 'planId' | 'billing' | 'kind' | 'amountCents' | 'method' | 'provider'
> &
  Partial<
    Pick<
      PaymentRecord,
      | 'providerPaymentId'
      | 'status'
      | 'cardBrand'
      | 'cardLast4'
      | 'cardToken'
      | 'payerCpf'
      | 'periodStart'
      | 'periodEnd'
      | 'quoteBasis'
    >
  >;

/** What a provider answered when the charge was created (PIX/boleto data, its id). */
export type ProviderCharge = { providerPaymentId: string } & Partial<
  Pick<PaymentRecord, 'pixCode' | 'pixExpiresAt' | 'boletoLine' | 'boletoBarcode' | 'boletoDueDate'>
>;

export interface RevenueSummary {
  /** Approved (not refunded) payments whose approval falls in the range. */
  approvedCount: number;
  approvedCents: number;
  /** Payments refunded in the range (their original amounts). */
  refundedCount: number;
  refundedCents: number;
  byPlan: { planId: PlanId; count: number; cents: number }[];
}

/** A row as COLUMNS reads it: the record's fields, its owner not yet typed as one. */
type PaymentRow = Omit<PaymentRecord, 'userId'> & { userId: string };

const COLUMNS =
  camelColumns(`id, user_id, plan_id, billing, kind, amount_cents, method, provider, provider_payment_id,
  status, invoice_number, card_brand, card_last4, card_token, payer_cpf, pix_code, pix_expires_at, boleto_line,
  boleto_barcode, to_char(boleto_due_date, 'YYYY-MM-DD') AS "boletoDueDate", period_start, period_end, failure_reason,
  created_at, updated_at, approved_at, refunded_at, quote_basis`);

const toRecord = (r: PaymentRow): PaymentRecord => ({
  ...r,
  userId: ownerOfRow(r.userId),
  amountCents: Number(r.amountCents),
});

/**
 * All SQL of the payments ledger. Status changes are conditional updates (pending → approved once),
 * so a webhook delivered twice, or by two processes at once, changes a payment once: the caller
 * gets the row back only from the call that changed it.
 */
export class PaymentsRepository {
  constructor(private readonly ds: DataSource) {}

  private async rows(sql: string, params: unknown[], tx?: Tx): Promise<PaymentRecord[]> {
    return (await sqlRows<PaymentRow>(managerOf(this.ds, tx), sql, params)).map(toRecord);
  }

  private async one(sql: string, params: unknown[], tx?: Tx): Promise<PaymentRecord | null> {
    return (await this.rows(sql, params, tx))[0] ?? null;
  }

  async create(p: NewPayment, tx?: Tx): Promise<PaymentRecord> {
    const row = await this.one(
      `INSERT INTO payments (user_id, plan_id, billing, kind, amount_cents, method, provider, provider_payment_id,
                             status, card_brand, card_last4, card_token, period_start, period_end, payer_cpf,
                             quote_basis)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)
       RETURNING ${COLUMNS}`,
      [
        p.userId,
        p.planId,
        p.billing,
        p.kind,
        p.amountCents,
        p.method,
        p.provider,
        p.providerPaymentId ?? null,
        p.status ?? 'pending',
        p.cardBrand ?? null,
        p.cardLast4 ?? null,
        p.cardToken ?? null,
        p.periodStart ?? null,
        p.periodEnd ?? null,
        p.payerCpf ?? null,
        p.quoteBasis ? JSON.stringify(p.quoteBasis) : null,
      ],
      tx,
    );
    return row!;
  }

  /** Stores what the provider answered when the charge was created. */
  async attachCharge(id: string, charge: ProviderCharge, tx?: Tx): Promise<PaymentRecord | null> {
    return this.one(
      `UPDATE payments
          SET provider_payment_id = $2, pix_code = $3, pix_expires_at = $4, boleto_line = $5,
              boleto_barcode = $6, boleto_due_date = $7::date, updated_at = now()
        WHERE id = $1
        RETURNING ${COLUMNS}`,
      [
        id,
        charge.providerPaymentId,
        charge.pixCode ?? null,
        charge.pixExpiresAt ?? null,
        charge.boletoLine ?? null,
        charge.boletoBarcode ?? null,
        charge.boletoDueDate ?? null,
      ],
      tx,
    );
  }

  /** Forgets a payment's single-use card token (once the card is saved at the provider, or could not be). */
  async clearCardToken(id: string, tx?: Tx): Promise<void> {
    await managerOf(this.ds, tx).query(
      `UPDATE payments SET card_token = NULL, updated_at = now() WHERE id = $1`,
      [id],
    );
  }

  async findById(id: string, tx?: Tx): Promise<PaymentRecord | null> {
    return this.one(`SELECT ${COLUMNS} FROM payments WHERE id = $1`, [id], tx);
  }

  /** The payment when it belongs to userId; null otherwise (callers answer 404 either way). */
  async findForUser(userId: OwnerId, id: string, tx?: Tx): Promise<PaymentRecord | null> {
    return this.one(`SELECT ${COLUMNS} FROM payments WHERE id = $1 AND user_id = $2`, [id, userId], tx);
  }

  async findByProviderPaymentId(
    provider: PaymentProviderName,
    providerPaymentId: string,
    tx?: Tx,
  ): Promise<PaymentRecord | null> {
    return this.one(
      `SELECT ${COLUMNS} FROM payments WHERE provider = $1 AND provider_payment_id = $2`,
      [provider, providerPaymentId],
      tx,
    );
  }

  /** Locks the row for the rest of the transaction (one webhook at a time per payment). */
  async lockById(id: string, tx: Tx): Promise<PaymentRecord | null> {
    return this.one(`SELECT ${COLUMNS} FROM payments WHERE id = $1 FOR UPDATE`, [id], tx);
  }

  /** Newest first. */
  async listForUser(userId: OwnerId, limit = 50, tx?: Tx): Promise<PaymentRecord[]> {
    return this.rows(
      `SELECT ${COLUMNS} FROM payments WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
      tx,
    );
  }

  /** Admin: a user's payments on the admin user page (the admin is not their owner). */
  async adminListForUser(userId: string, limit = 50): Promise<PaymentRecord[]> {
    return this.listForUser(ownerOfRow(userId), limit);
  }

  /** The user's pending payments, newest first (a second click of the same checkout reuses one). */
  async findPendingForUser(userId: OwnerId, tx?: Tx): Promise<PaymentRecord[]> {
    return this.rows(
      `SELECT ${COLUMNS} FROM payments WHERE user_id = $1 AND status = 'pending' ORDER BY created_at DESC`,
      [userId],
      tx,
    );
  }

  /**
   * pending → approved, with its invoice number and paid period. Null when the payment was not
   * pending (already approved, declined, expired): the caller then changes nothing.
   */
  async markApproved(
    id: string,
    period: { start: Date; end: Date },
    at: Date = new Date(),
    tx?: Tx,
  ): Promise<PaymentRecord | null> {
    return this.one(
      `UPDATE payments
          SET status = 'approved', approved_at = $2, period_start = $3, period_end = $4, updated_at = now(),
              failure_reason = NULL,
              invoice_number = 'ARB-' || to_char($2::timestamptz AT TIME ZONE 'America/Sao_Paulo', 'YYYY') || '-'
                               || lpad(nextval('payments_invoice_seq')::text, 6, '0')
        WHERE id = $1 AND status = 'pending'
        RETURNING ${COLUMNS}`,
      [id, at, period.start, period.end],
      tx,
    );
  }

  /** pending → declined. Null when it was not pending. */
  markDeclined(id: string, reason: string, tx?: Tx): Promise<PaymentRecord | null> {
    return this.settleUnpaid(id, 'declined', reason, tx);
  }

  /** pending → expired. Null when it was not pending. */
  markExpired(id: string, reason: string, tx?: Tx): Promise<PaymentRecord | null> {
    return this.settleUnpaid(id, 'expired', reason, tx);
  }

  private settleUnpaid(id: string, status: 'declined' | 'expired', reason: string, tx?: Tx) {
    return this.one(
      `UPDATE payments SET status = $3, failure_reason = $2, card_token = NULL, updated_at = now()
        WHERE id = $1 AND status = 'pending'
        RETURNING ${COLUMNS}`,
      [id, reason, status],
      tx,
    );
  }

  /**
   * The user's pending charges → expired with `reason` (all but `exceptId`): the subscription they were quoted for
   * changed. Returns the rows it expired (their charges are then withdrawn at the provider).
   */
  async expirePendingForUser(
    userId: OwnerId,
    reason: string,
    exceptId: string | null = null,
    kinds: PaymentKind[] | null = null,
    tx?: Tx,
  ): Promise<PaymentRecord[]> {
    return this.rows(
      `UPDATE payments SET status = 'expired', failure_reason = $2, card_token = NULL, updated_at = now()
        WHERE user_id = $1 AND status = 'pending' AND ($3::uuid IS NULL OR id <> $3::uuid)
          AND ($4::text[] IS NULL OR kind = ANY($4::text[]))
        RETURNING ${COLUMNS}`,
      [userId, reason, exceptId, kinds],
      tx,
    );
  }

  /**
   * A charge paid after its quote went stale (pending, or expired/declined here while the payer paid it at the
   * provider) → refunded, never applied: no period and no invoice number, the reason kept. Null when it was already
   * approved or refunded.
   */
  async markStaleRefunded(id: string, reason: string, at: Date, tx?: Tx): Promise<PaymentRecord | null> {
    return this.one(
      `UPDATE payments
          SET status = 'refunded', approved_at = $3, refunded_at = $3, failure_reason = $2, card_token = NULL,
              period_start = NULL, period_end = NULL, updated_at = now()
        WHERE id = $1 AND status IN ('pending','expired','declined')
        RETURNING ${COLUMNS}`,
      [id, reason, at],
      tx,
    );
  }

  /** approved → refunded. Null when it was not approved. */
  async markRefunded(id: string, at: Date = new Date(), tx?: Tx): Promise<PaymentRecord | null> {
    return this.one(
      `UPDATE payments SET status = 'refunded', refunded_at = $2, updated_at = now()
        WHERE id = $1 AND status = 'approved'
        RETURNING ${COLUMNS}`,
      [id, at],
      tx,
    );
  }

  /** Pending PIX/boleto charges whose deadline passed (PIX: pix_expires_at; boleto: the day after its due date). */
  async listOverduePending(now: Date = new Date(), limit = 200, tx?: Tx): Promise<PaymentRecord[]> {
    return this.rows(
      `SELECT ${COLUMNS} FROM payments
        WHERE status = 'pending'
          AND ((pix_expires_at IS NOT NULL AND pix_expires_at <= $1)
            OR (boleto_due_date IS NOT NULL AND boleto_due_date < ($1::timestamptz AT TIME ZONE 'America/Sao_Paulo')::date))
        ORDER BY created_at LIMIT $2`,
      [now, limit],
      tx,
    );
  }

  /** The user's approved payments (oldest first): the first one is the refund-guarantee candidate. */
  async listApprovedForUser(userId: OwnerId, tx?: Tx): Promise<PaymentRecord[]> {
    return this.rows(
      `SELECT ${COLUMNS} FROM payments
        WHERE user_id = $1 AND status IN ('approved','refunded') AND kind <> 'grant' AND invoice_number IS NOT NULL
        ORDER BY approved_at ASC`,
      [userId],
      tx,
    );
  }

  /**
   * Whether a card renewal charged since `since` (the period end it renews) was declined: the billing job then does
   * not charge the card again for that period, and the subscription lapses to past_due.
   */
  async hasDeclinedCardRenewalSince(userId: OwnerId, since: Date, tx?: Tx): Promise<boolean> {
    const [r] = await managerOf(this.ds, tx).query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM payments
        WHERE user_id = $1 AND kind = 'renewal' AND method = 'card' AND status = 'declined' AND created_at >= $2`,
      [userId, since],
    );
    return (r?.n ?? 0) > 0;
  }

  /** The CPF of the user's newest boleto payment (a boleto renewal needs the payer's identification again). */
  async latestBoletoCpf(userId: OwnerId, tx?: Tx): Promise<string | null> {
    const [r] = await managerOf(this.ds, tx).query<{ payer_cpf: string }[]>(
      `SELECT payer_cpf FROM payments WHERE user_id = $1 AND method = 'boleto' AND payer_cpf IS NOT NULL
        ORDER BY created_at DESC LIMIT 1`,
      [userId],
    );
    return r?.payer_cpf ?? null;
  }

  /** Revenue in [from, to): approvals (minus nothing) and refunds, in integer cents. Grants count 0. */
  async revenueSummary(from: Date, to: Date, tx?: Tx): Promise<RevenueSummary> {
    const m = managerOf(this.ds, tx);
    const [totals] = await m.query<
      { approved_count: number; approved_cents: string; refunded_count: number; refunded_cents: string }[]
    >(
      `SELECT
         count(*) FILTER (WHERE status = 'approved' AND approved_at >= $1 AND approved_at < $2)::int AS approved_count,
         coalesce(sum(amount_cents) FILTER (WHERE status = 'approved' AND approved_at >= $1 AND approved_at < $2), 0)::bigint AS approved_cents,
         count(*) FILTER (WHERE status = 'refunded' AND refunded_at >= $1 AND refunded_at < $2)::int AS refunded_count,
         coalesce(sum(amount_cents) FILTER (WHERE status = 'refunded' AND refunded_at >= $1 AND refunded_at < $2), 0)::bigint AS refunded_cents
       FROM payments`,
      [from, to],
    );
    const byPlan = await m.query<{ plan_id: PlanId; count: number; cents: string }[]>(
      `SELECT plan_id, count(*)::int AS count, coalesce(sum(amount_cents), 0)::bigint AS cents
         FROM payments WHERE status = 'approved' AND approved_at >= $1 AND approved_at < $2
        GROUP BY plan_id ORDER BY plan_id`,
      [from, to],
    );
    return {
      approvedCount: totals!.approved_count,
      approvedCents: Number(totals!.approved_cents),
      refundedCount: totals!.refunded_count,
      refundedCents: Number(totals!.refunded_cents),
      byPlan: byPlan.map((r) => ({ planId: r.plan_id, count: r.count, cents: Number(r.cents) })),
    };
  }
}
