import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A server-side session: every token carries one's id (DECISIONS §5). */
@Entity({ name: 'sessions' })
@Index('sessions_user_idx', ['userId', 'expiresAt'])
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_active_at', type: 'timestamptz', default: () => 'now()' })
  lastActiveAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /** logout | user | password_change | password_reset | account_disabled | ... */
  @Column({ name: 'revoked_reason', type: 'varchar', length: 32, nullable: true })
  revokedReason!: string | null;

  /** 'Lembrar de mim': 30 days instead of 12 hours. */
  @Column({ type: 'boolean', default: false })
  remember!: boolean;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;

  /** Human label from the user agent, e.g. 'Chrome 120 no Windows 10'. */
  @Column({ type: 'varchar', length: 160, nullable: true })
  device!: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  location!: string | null;
}
