import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One of the 10 single-use backup codes; only a keyed hash (HMAC-SHA-256) is kept. */
@Entity({ name: 'two_factor_backup_codes' })
export class TwoFactorBackupCodeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'code_hash', type: 'char', length: 64 })
  codeHash!: string;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
