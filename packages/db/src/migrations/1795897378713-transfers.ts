import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transfers between a bot's exchanges (issue 29): a paper 'Rebalancear' moves funds with the network's withdrawal fee
 * and delay. Written only by TransfersRepository (the ledger's), in one statement with the balance changes: the
 * source is debited the amount when the transfer starts ('in_transit'), the destination credited `received`
 * (amount − fee) when it arrives ('completed'). One rebalance is (user, rebalance_key): a retried request with the
 * same key writes nothing more. Balances reconcile as initial + trades + transfers.
 */
export class Transfers1795897378713 implements MigrationInterface {
  name = 'Transfers1795897378713';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transfers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        bot_id uuid REFERENCES bots(id) ON DELETE SET NULL,
        bot_name varchar(100) NOT NULL,
        rebalance_key varchar(100) NOT NULL,
        seq int NOT NULL,
        mode varchar(8) NOT NULL CHECK (mode IN ('paper', 'live')),
        asset varchar(16) NOT NULL,
        from_exchange varchar(32) NOT NULL,
        to_exchange varchar(32) NOT NULL,
        network varchar(32) NOT NULL,
        amount numeric(38, 18) NOT NULL CHECK (amount > 0),
        fee numeric(38, 18) NOT NULL CHECK (fee >= 0),
        received numeric(38, 18) NOT NULL CHECK (received > 0),
        fee_usdt numeric(38, 18),
        usdt_brl numeric(20, 8),
        table_source varchar(16) NOT NULL,
        table_as_of varchar(40) NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('in_transit', 'completed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        arrives_at timestamptz NOT NULL,
        completed_at timestamptz,
        UNIQUE (user_id, rebalance_key, seq)
      )`);
    await q.query(`CREATE INDEX transfers_bot_idx ON transfers (bot_id, created_at DESC)`);
    await q.query(`CREATE INDEX transfers_user_idx ON transfers (user_id, created_at)`);
    await q.query(
      `CREATE INDEX transfers_in_transit_idx ON transfers (arrives_at) WHERE status = 'in_transit'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE transfers`);
  }
}
