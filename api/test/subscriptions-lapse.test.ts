import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createDataSource, SubscriptionsRepository } from '@arbitra/db';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';

// The lapse sweep on real Postgres, without a billing job: a period renewed by a saved card is charged at its end
// by the billing job, so the sweep (which may run first, on another process) leaves it to that charge.
describe('the lapse sweep and card renewals (SubscriptionsRepository.lapse on real Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let subscriptions: SubscriptionsRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url);
    await ds.initialize();
    subscriptions = new SubscriptionsRepository(ds);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  /** A user whose active Profissional period ended `endedAgo` (SQL interval) ago, with a card saved at `card`. */
  const subscriber = async (
    name: string,
    opts: { endedAgo?: string; card?: 'sandbox' | 'mercadopago'; canceling?: boolean } = {},
  ) => {
    const [u] = await ds.query<{ id: string }[]>(
      `INSERT INTO users (name, email, password_hash) VALUES ($1, $2, 'x') RETURNING id`,
      [name, `${name.toLowerCase()}@exemplo.com.br`],
    );
    const id = u!.id;
    await ds.query(
      `INSERT INTO subscriptions (user_id, plan_id, status, billing, current_period_start, current_period_end, cancel_at_period_end)
       VALUES ($1, 'professional', 'active', 'monthly', now() - interval '30 days', now() - $2::interval, $3)`,
      [id, opts.endedAgo ?? '1 second', opts.canceling ?? false],
    );
    if (opts.card)
      await ds.query(
        `INSERT INTO payment_methods (user_id, provider, provider_customer_id, provider_card_id, card_brand, card_last4)
         VALUES ($1, $2, 'cus_1', 'card_1', 'visa', '1111')`,
        [id, opts.card],
      );
    return id;
  };

  const declinedCardRenewal = (userId: string) =>
    ds.query(
      `INSERT INTO payments (user_id, plan_id, billing, kind, amount_cents, method, provider, status, failure_reason)
       VALUES ($1, 'professional', 'monthly', 'renewal', 9990, 'card', 'sandbox', 'declined', 'Pagamento recusado')`,
      [userId],
    );

  const statusOf = async (userId: string) =>
    (await ds.query<{ status: string }[]>(`SELECT status FROM subscriptions WHERE user_id = $1`, [userId]))[0]!
      .status;

  it('waits for the card renewal of a saved card, and lapses everything else at the period end', async () => {
    const card = await subscriber('Ana', { card: 'sandbox' });
    const otherProvider = await subscriber('Bia', { card: 'mercadopago' });
    const noCard = await subscriber('Caio');
    const canceling = await subscriber('Davi', { card: 'sandbox', canceling: true });
    const longAgo = await subscriber('Eva', { card: 'sandbox', endedAgo: '2 hours' });
    const declined = await subscriber('Fabio', { card: 'sandbox' });
    await declinedCardRenewal(declined);

    const moved = await subscriptions.lapse('sandbox');
    expect(moved).toEqual(
      expect.arrayContaining([
        { user_id: otherProvider, status: 'past_due' },
        { user_id: noCard, status: 'past_due' },
        { user_id: canceling, status: 'canceled' },
        { user_id: longAgo, status: 'past_due' },
        { user_id: declined, status: 'past_due' },
      ]),
    );
    expect(moved).toHaveLength(5);
    expect(await statusOf(card)).toBe('active');

    // The billing job's charge is declined: the next sweep lapses it.
    await declinedCardRenewal(card);
    expect(await subscriptions.lapse('sandbox')).toEqual([{ user_id: card, status: 'past_due' }]);
    expect(await subscriptions.lapse('sandbox')).toEqual([]);
  });

  it('without a provider named, a saved card does not hold the lapse', async () => {
    const card = await subscriber('Gil', { card: 'sandbox' });
    expect(await subscriptions.lapse()).toEqual([{ user_id: card, status: 'past_due' }]);
  });
});
