import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { BotMode, BotStrategy, TradeStatus } from '@arbitra/contracts';

/** One execution of a bot (SPEC §3 Trade + what the opportunity expected). Figures in the pair's quote currency and in R$, exact. */
@Entity({ name: 'trades' })
// The history's index also INCLUDEs status, bot_id, mode, profit, profit_brl (migration 1795641731950).
@Index('trades_user_history_idx', ['userId', 'executedAt', 'id'])
@Index('trades_bot_executed_idx', ['botId', 'executedAt'])
export class TradeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'bot_id', type: 'uuid', nullable: true })
  botId!: string | null;

  @Column({ name: 'bot_name', type: 'varchar', length: 80 })
  botName!: string;

  /** `${botId}:${opportunityId}:${openedAt}` (exchange time, the same on every engine): a retried or duplicated job never records twice. */
  @Column({ name: 'execution_key', type: 'varchar', length: 300, unique: true })
  executionKey!: string;

  @Column({ name: 'opportunity_id', type: 'varchar', length: 200 })
  opportunityId!: string;

  @Column({ type: 'varchar', length: 16 })
  strategy!: BotStrategy;

  @Column({ type: 'varchar', length: 8 })
  mode!: BotMode;

  @Column({ type: 'varchar', length: 32 })
  pair!: string;

  @Column({ name: 'buy_exchange', type: 'varchar', length: 32 })
  buyExchange!: string;

  @Column({ name: 'sell_exchange', type: 'varchar', length: 32 })
  sellExchange!: string;

  @Column({ name: 'buy_price', type: 'numeric', precision: 38, scale: 18 })
  buyPrice!: string;

  @Column({ name: 'sell_price', type: 'numeric', precision: 38, scale: 18 })
  sellPrice!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  amount!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  profit!: string;

  @Column({ name: 'profit_percent', type: 'numeric', precision: 20, scale: 8 })
  profitPercent!: string;

  @Column({ name: 'expected_profit', type: 'numeric', precision: 38, scale: 18 })
  expectedProfit!: string;

  @Column({ name: 'expected_profit_percent', type: 'numeric', precision: 20, scale: 8 })
  expectedProfitPercent!: string;

  @Column({ name: 'usdt_brl', type: 'numeric', precision: 20, scale: 8 })
  usdtBrl!: string;

  /** R$ figures written by the ledger with the trade (rule: trade-brl.ts of @arbitra/contracts). */
  @Column({ name: 'profit_brl', type: 'numeric', precision: 38, scale: 18, default: 0 })
  profitBrl!: string;

  @Column({ name: 'fees_brl', type: 'numeric', precision: 38, scale: 18, default: 0 })
  feesBrl!: string;

  @Column({ name: 'volume_brl', type: 'numeric', precision: 38, scale: 18, default: 0 })
  volumeBrl!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: TradeStatus;

  @Column({ name: 'failure_reason', type: 'varchar', length: 300, nullable: true })
  failureReason!: string | null;

  @Column({ name: 'executed_at', type: 'timestamptz' })
  executedAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
