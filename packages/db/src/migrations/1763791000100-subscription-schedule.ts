import { sqlMigration } from './sql-migration.js';

/** A downgrade waits for the next period (issue 10): the plan and cycle the renewal will charge. */
export const SubscriptionSchedule1763791000100 = sqlMigration(
  'SubscriptionSchedule1763791000100',
  [
    `
      ALTER TABLE subscriptions
        ADD COLUMN scheduled_plan_id varchar(32) REFERENCES plans(id),
        ADD COLUMN scheduled_billing varchar(8) CHECK (scheduled_billing IN ('monthly', 'yearly'))`,
  ],
  [`ALTER TABLE subscriptions DROP COLUMN scheduled_plan_id, DROP COLUMN scheduled_billing`],
);
