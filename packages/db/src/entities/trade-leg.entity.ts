import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One order of a trade: what was asked, what filled, at what average price and fee (quote units). */
@Entity({ name: 'trade_legs' })
export class TradeLegEntity {
  @PrimaryColumn({ name: 'trade_id', type: 'uuid' })
  tradeId!: string;

  @PrimaryColumn({ type: 'integer' })
  seq!: number;

  @Column({ type: 'varchar', length: 8 })
  kind!: 'entry' | 'unwind';

  @Column({ type: 'varchar', length: 32 })
  exchange!: string;

  @Column({ type: 'varchar', length: 32 })
  symbol!: string;

  @Column({ type: 'varchar', length: 4 })
  side!: 'buy' | 'sell';

  @Column({ name: 'requested_amount', type: 'numeric', precision: 38, scale: 18 })
  requestedAmount!: string;

  @Column({ name: 'filled_amount', type: 'numeric', precision: 38, scale: 18 })
  filledAmount!: string;

  @Column({ name: 'avg_price', type: 'numeric', precision: 38, scale: 18 })
  avgPrice!: string;

  @Column({ name: 'quote_amount', type: 'numeric', precision: 38, scale: 18 })
  quoteAmount!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  fee!: string;

  @Column({ name: 'fee_asset', type: 'varchar', length: 16 })
  feeAsset!: string;

  /** Fees charged in other currencies than fee_asset (issue 25), null when none. */
  @Column({ name: 'other_fees', type: 'jsonb', nullable: true })
  otherFees!: { cost: string; currency: string }[] | null;

  @Column({ type: 'varchar', length: 8 })
  status!: 'filled' | 'partial' | 'failed';

  @Column({ name: 'order_id', type: 'varchar', length: 100, nullable: true })
  orderId!: string | null;
}
