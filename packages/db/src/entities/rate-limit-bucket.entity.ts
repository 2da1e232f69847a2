import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A fixed-window rate-limit counter shared by every api instance (UNLOGGED table). */
@Entity({ name: 'rate_limit_buckets' })
export class RateLimitBucketEntity {
  /** e.g. 'login:ip:203.0.113.7' or 'login:email:ana@exemplo.com'. */
  @PrimaryColumn({ type: 'varchar', length: 300 })
  key!: string;

  @Column({ type: 'integer' })
  hits!: number;

  @Column({ name: 'reset_at', type: 'timestamptz' })
  resetAt!: Date;
}
