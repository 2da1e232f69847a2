import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BotMode, BotStatus, BotStrategy, ExchangeId, RiskLevel } from '@arbitra/contracts';

/** A user's bot (SPEC §3 + mode, statusReason). Money is numeric in Postgres, a decimal string here. */
@Entity({ name: 'bots' })
@Index('bots_user_id_idx', ['userId'])
export class BotEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  strategy!: BotStrategy;

  @Column({ type: 'jsonb' })
  pairs!: string[];

  @Column({ type: 'jsonb' })
  exchanges!: ExchangeId[];

  @Column({ name: 'risk_level', type: 'varchar', length: 8 })
  riskLevel!: RiskLevel;

  /** BRL. */
  @Column({ name: 'max_investment', type: 'numeric', precision: 20, scale: 2 })
  maxInvestment!: string;

  @Column({ name: 'min_profit_percent', type: 'numeric', precision: 10, scale: 4 })
  minProfitPercent!: string;

  /** 'Lucro mínimo após rebalanceamento' (issue 29): the minimum applies to the profit after rebalancing. */
  @Column({ name: 'min_profit_after_rebalance', type: 'boolean', default: false })
  minProfitAfterRebalance!: boolean;

  @Column({ type: 'boolean', default: false })
  active!: boolean;

  @Column({ type: 'varchar', length: 16, default: 'stopped' })
  status!: BotStatus;

  @Column({ name: 'status_reason', type: 'varchar', length: 300, nullable: true })
  statusReason!: string | null;

  @Column({ type: 'varchar', length: 8, default: 'paper' })
  mode!: BotMode;

  @Column({ name: 'total_trades', type: 'integer', default: 0 })
  totalTrades!: number;

  /** USDT, exact. */
  @Column({ name: 'total_profit', type: 'numeric', precision: 38, scale: 18, default: 0 })
  totalProfit!: string;

  /** Sum of its trades' profit in R$ (each at its own USDT/BRL rate), written by the ledger. */
  @Column({ name: 'total_profit_brl', type: 'numeric', precision: 38, scale: 18, default: 0 })
  totalProfitBrl!: string;

  @Column({ name: 'profit_percent', type: 'numeric', precision: 20, scale: 8, default: 0 })
  profitPercent!: string;

  /** USDT value of the virtual balances when they were seeded (null until the first start). */
  @Column({ name: 'initial_capital', type: 'numeric', precision: 38, scale: 18, nullable: true })
  initialCapital!: string | null;

  @Column({ name: 'consecutive_failures', type: 'integer', default: 0 })
  consecutiveFailures!: number;

  /** Base units left open by an unwind that failed (leg risk, counted not hidden). */
  @Column({ name: 'naked_exposure', type: 'jsonb', default: () => "'{}'::jsonb" })
  nakedExposure!: Record<string, string>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
