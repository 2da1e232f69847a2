import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A user's TOTP secret, encrypted (AES-256-GCM, server-side key). `enabledAt` null means
 * set up but not confirmed by a first code yet.
 */
@Entity({ name: 'two_factor' })
export class TwoFactorEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'secret_encrypted', type: 'text' })
  secretEncrypted!: string;

  @Column({ name: 'enabled_at', type: 'timestamptz', nullable: true })
  enabledAt!: Date | null;

  /** Last TOTP time step accepted: a code is never accepted twice (replay). */
  @Column({ name: 'last_used_step', type: 'bigint', nullable: true })
  lastUsedStep!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
