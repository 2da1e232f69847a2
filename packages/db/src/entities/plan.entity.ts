import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PlanId } from '@arbitra/contracts';

/** A plan of DECISIONS §2, seeded by the accounts migration. Prices in integer cents of BRL. */
@Entity({ name: 'plans' })
export class PlanEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id!: PlanId;

  @Column({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ name: 'monthly_cents', type: 'integer' })
  monthlyCents!: number;

  @Column({ name: 'yearly_cents', type: 'integer' })
  yearlyCents!: number;

  /** -1 means unlimited. */
  @Column({ name: 'max_bots', type: 'integer' })
  maxBots!: number;

  /** -1 means unlimited. */
  @Column({ name: 'max_exchanges', type: 'integer' })
  maxExchanges!: number;

  @Column({ name: 'real_time_data', type: 'boolean' })
  realTimeData!: boolean;

  @Column({ name: 'advanced_strategies', type: 'boolean' })
  advancedStrategies!: boolean;

  @Column({ name: 'priority_support', type: 'boolean' })
  prioritySupport!: boolean;

  @Column({ type: 'boolean', default: false })
  popular!: boolean;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  highlights!: string[];

  @Column({ name: 'sort_order', type: 'integer', default: 0 })
  sortOrder!: number;

  @Column({ type: 'boolean', default: true })
  active!: boolean;
}
