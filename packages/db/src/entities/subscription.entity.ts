import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BillingCycle, PlanId, SubscriptionStatus } from '@arbitra/contracts';

/** The user's one subscription record (DECISIONS §3). */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid', unique: true })
  userId!: string;

  @Column({ name: 'plan_id', type: 'varchar', length: 32 })
  planId!: PlanId;

  /** As stored; readers use the effective status (an ended unpaid period is past_due). */
  @Column({ type: 'varchar', length: 16 })
  status!: SubscriptionStatus;

  @Column({ type: 'varchar', length: 8, default: 'monthly' })
  billing!: BillingCycle;

  @Column({ name: 'current_period_start', type: 'timestamptz' })
  currentPeriodStart!: Date;

  @Column({ name: 'current_period_end', type: 'timestamptz' })
  currentPeriodEnd!: Date;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  @Column({ name: 'canceled_at', type: 'timestamptz', nullable: true })
  canceledAt!: Date | null;

  /** A downgrade waiting for the next period (issue 10). */
  @Column({ name: 'scheduled_plan_id', type: 'varchar', length: 32, nullable: true })
  scheduledPlanId!: PlanId | null;

  @Column({ name: 'scheduled_billing', type: 'varchar', length: 8, nullable: true })
  scheduledBilling!: BillingCycle | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
