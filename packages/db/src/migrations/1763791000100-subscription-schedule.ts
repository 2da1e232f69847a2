import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A downgrade waits for the next period (issue 10): the plan and cycle the renewal will charge. */
export class SubscriptionSchedule1763791000100 implements MigrationInterface {
  name = 'SubscriptionSchedule1763791000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE subscriptions
        ADD COLUMN scheduled_plan_id varchar(32) REFERENCES plans(id),
        ADD COLUMN scheduled_billing varchar(8) CHECK (scheduled_billing IN ('monthly', 'yearly'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscriptions DROP COLUMN scheduled_plan_id, DROP COLUMN scheduled_billing`);
  }
}
