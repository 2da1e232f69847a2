import type { DataSource, Repository } from 'typeorm';
import { IsNull } from 'typeorm';
import { TwoFactorBackupCodeEntity } from '../entities/two-factor-backup-code.entity.js';
import { TwoFactorEntity } from '../entities/two-factor.entity.js';
import { sqlRows } from './sql.js';
import type { OwnerId } from '../tenancy.js';

/** The ONLY code that reads or writes `two_factor` and `two_factor_backup_codes`. */
export class TwoFactorRepository {
  constructor(private readonly ds: DataSource) {}

  find(userId: OwnerId): Promise<TwoFactorEntity | null> {
    return this.ds.getRepository(TwoFactorEntity).findOneBy({ userId });
  }

  unusedBackupCodes(userId: OwnerId): Promise<number> {
    return this.ds.getRepository(TwoFactorBackupCodeEntity).countBy({ userId, usedAt: IsNull() });
  }

  /** A new pending secret (replaces a pending one). */
  async savePending(userId: OwnerId, secretEncrypted: string): Promise<void> {
    await this.ds
      .getRepository(TwoFactorEntity)
      .upsert(
        { userId, secretEncrypted, enabledAt: null, lastUsedStep: null, updatedAt: new Date() },
        { conflictPaths: ['userId'] },
      );
  }

  /** 2FA on, with these backup code hashes (the old ones go), in one transaction. */
  async enable(userId: OwnerId, codeHashes: readonly string[]): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m
        .getRepository(TwoFactorEntity)
        .update({ userId }, { enabledAt: new Date(), updatedAt: new Date() });
      await replaceCodes(m.getRepository(TwoFactorBackupCodeEntity), userId, codeHashes);
    });
  }

  async disable(userId: OwnerId): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.getRepository(TwoFactorBackupCodeEntity).delete({ userId });
      await m.getRepository(TwoFactorEntity).delete({ userId });
    });
  }

  async replaceBackupCodes(userId: OwnerId, codeHashes: readonly string[]): Promise<void> {
    await this.ds.transaction((m) =>
      replaceCodes(m.getRepository(TwoFactorBackupCodeEntity), userId, codeHashes),
    );
  }

  /** Moves the last accepted TOTP step forward; false when another request took this step (or a later one). */
  async claimStep(userId: OwnerId, step: number): Promise<boolean> {
    const claimed = await sqlRows<{ user_id: string }>(
      this.ds,
      `UPDATE two_factor SET last_used_step = $2, updated_at = now()
        WHERE user_id = $1 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING user_id`,
      [userId, step],
    );
    return claimed.length === 1;
  }

  /** Spends an unused backup code; false when there is none with this hash. */
  async spendBackupCode(userId: OwnerId, codeHash: string): Promise<boolean> {
    const spent = await sqlRows<{ id: string }>(
      this.ds,
      `UPDATE two_factor_backup_codes SET used_at = now()
        WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
      [userId, codeHash],
    );
    return spent.length === 1;
  }
}

async function replaceCodes(
  repo: Repository<TwoFactorBackupCodeEntity>,
  userId: OwnerId,
  codeHashes: readonly string[],
): Promise<void> {
  await repo.delete({ userId });
  await repo.insert(codeHashes.map((codeHash) => ({ userId, codeHash })));
}
