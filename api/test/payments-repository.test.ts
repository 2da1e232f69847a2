import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createDataSource, PaymentsRepository, UnitOfWork, type OwnerId } from '@arbitra/db';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';

describe('the payments ledger (PaymentsRepository on real Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let payments: PaymentsRepository;
  let userId: OwnerId;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url);
    await ds.initialize();
    payments = new PaymentsRepository(ds);
    const [u] = await ds.query<{ id: string }[]>(
      `INSERT INTO users (name, email, password_hash) VALUES ('Ana', 'ana@example.com', 'x') RETURNING id`,
    );
    userId = u!.id as OwnerId;
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('approves a pending payment once, with an invoice number, and sums revenue in cents', async () => {
    const p = await payments.create({
      userId,
      planId: 'enterprise',
      billing: 'yearly',
      kind: 'new',
      amountCents: 199900,
      method: 'pix',
      provider: 'sandbox',
    });
    expect(p).toMatchObject({ status: 'pending', amountCents: 199900, invoiceNumber: null });
    await payments.attachCharge(p.id, {
      providerPaymentId: 'sbx_1',
      pixCode: '000201',
      pixExpiresAt: new Date(),
    });
    expect((await payments.findByProviderPaymentId('sandbox', 'sbx_1'))?.id).toBe(p.id);

    const period = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') };
    const at = new Date('2026-01-01T12:00:00Z');
    const [first, second] = await Promise.all([
      payments.markApproved(p.id, period, at),
      payments.markApproved(p.id, period, at),
    ]);
    const winners = [first, second].filter((x) => x !== null);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.invoiceNumber).toMatch(/^ARB-2026-\d{6}$/);
    expect(await payments.markDeclined(p.id, 'tarde demais')).toBeNull();

    const other = await payments.create({
      userId,
      planId: 'basic',
      billing: 'monthly',
      kind: 'new',
      amountCents: 4990,
      method: 'card',
      provider: 'sandbox',
    });
    expect((await payments.markDeclined(other.id, 'Pagamento recusado pelo emissor do cartão'))?.status).toBe(
      'declined',
    );

    const summary = await payments.revenueSummary(
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-02-01T00:00:00Z'),
    );
    expect(summary).toEqual({
      approvedCount: 1,
      approvedCents: 199900,
      refundedCount: 0,
      refundedCents: 0,
      byPlan: [{ planId: 'enterprise', count: 1, cents: 199900 }],
    });
    expect((await payments.listForUser(userId)).map((x) => x.status)).toEqual(['declined', 'approved']);
  });

  it('refuses a second row with the same provider id, and rolls back with the unit of work', async () => {
    const base = {
      userId,
      planId: 'professional' as const,
      billing: 'monthly' as const,
      kind: 'new' as const,
      amountCents: 9990,
      method: 'card' as const,
      provider: 'mercadopago' as const,
      providerPaymentId: 'mp_42',
    };
    await payments.create(base);
    await expect(payments.create(base)).rejects.toThrow();
    const uow = new UnitOfWork(ds);
    await expect(
      uow.run(async (tx) => {
        await payments.create({ ...base, providerPaymentId: 'mp_43' }, tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await payments.findByProviderPaymentId('mercadopago', 'mp_43')).toBeNull();
  });
});
