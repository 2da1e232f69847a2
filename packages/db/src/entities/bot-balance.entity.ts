import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A bot's (virtual, in paper mode) balance of one asset on one exchange. */
@Entity({ name: 'bot_balances' })
export class BotBalanceEntity {
  @PrimaryColumn({ name: 'bot_id', type: 'uuid' })
  botId!: string;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  exchange!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  asset!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  amount!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  initial!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
