import type { DataSource } from 'typeorm';
import { In } from 'typeorm';
import type { CredentialValidationStatus, ExchangePermission } from '@arbitra/contracts';
import { ExchangeCredentialEntity } from '../entities/exchange-credential.entity.js';
import { CredentialDecryptError, type CredentialCipher } from '../security/credential-cipher.js';
import { sqlRows } from './sql.js';
import type { OwnerId } from '../tenancy.js';

/** An exchange_credentials row as the engine reads it (snake_case; ciphertexts still sealed). */
export interface CredentialRow {
  id: string;
  user_id: string;
  exchange_name: string;
  is_active: boolean;
  validation_status: string;
  check_version: number;
  key_id: string;
  api_key_encrypted: string;
  api_secret_encrypted: string;
  passphrase_encrypted: string | null;
  /** The last check's finding: the key can withdraw (true), cannot (false), unknown (null). */
  can_withdraw: boolean | null;
}

/** A check's result, as stored. */
export interface CredentialCheckWrite {
  id: string;
  checkVersion: number;
  status: CredentialValidationStatus;
  reason: string;
  at: Date;
  permissions: ExchangePermission[] | null;
  canWithdraw: boolean | null;
  reachedExchange: boolean;
}

/** The row after a check was recorded. */
export interface CheckedCredentialRow {
  id: string;
  exchange_name: string;
  validation_status: string;
  validation_reason: string | null;
  validated_at: Date | null;
  permissions: ExchangePermission[] | null;
  can_withdraw: boolean | null;
  last_used_at: Date | null;
}

export interface RotationResult {
  /** The key every row is under now. */
  currentKeyId: string;
  /** Rows re-encrypted by this run. */
  rotated: number;
  /** Rows that were under the current key already. */
  alreadyCurrent: number;
  /** Rows that did not decrypt (their key is not in CREDENTIALS_KEYS, or the data is damaged): left as they were. */
  failed: { id: string; keyId: string }[];
}

const COLUMNS = `id, user_id, exchange_name, is_active, validation_status, check_version, key_id,
  api_key_encrypted, api_secret_encrypted, passphrase_encrypted, can_withdraw`;

/**
 * The ONLY code that reads or writes `exchange_credentials`: the api's CRUD (ExchangeCredentialsService), the
 * engine's checks and live executor (CredentialStore), and the key rotation (CLI).
 */
export class ExchangeCredentialsRepository {
  constructor(private readonly ds: DataSource) {}

  // ── the api ───────────────────────────────────────────────────────────────────────────────────────────────

  listForUser(userId: OwnerId): Promise<ExchangeCredentialEntity[]> {
    return this.repo().find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  countForUser(userId: OwnerId): Promise<number> {
    return this.repo().countBy({ userId });
  }

  findOwned(userId: OwnerId, id: string): Promise<ExchangeCredentialEntity | null> {
    return this.repo().findOneBy({ id, userId });
  }

  getOwned(userId: OwnerId, id: string): Promise<ExchangeCredentialEntity> {
    return this.repo().findOneByOrFail({ id, userId });
  }

  /** The user's credentials on these exchanges (id, exchange, active, validation status only). */
  onExchanges(userId: OwnerId, exchanges: readonly string[]): Promise<ExchangeCredentialEntity[]> {
    return this.repo().find({
      where: { userId, exchangeName: In([...exchanges]) },
      select: { id: true, exchangeName: true, isActive: true, validationStatus: true },
    });
  }

  /**
   * Inserts a credential, one writer per user at a time (the user row locked) so a plan limit cannot be passed
   * by concurrent requests: `check` gets whether this exchange is already connected and the user's count, and
   * throws to refuse; `build` gives the row.
   */
  async createChecked(
    userId: OwnerId,
    exchange: string,
    check: (q: { connected: () => Promise<boolean>; count: () => Promise<number> }) => Promise<void>,
    build: () => Partial<ExchangeCredentialEntity> & { id: string },
  ): Promise<ExchangeCredentialEntity> {
    return this.ds.transaction(async (m) => {
      await m.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
      const repo = m.getRepository(ExchangeCredentialEntity);
      await check({
        connected: () => repo.existsBy({ userId, exchangeName: exchange }),
        count: () => repo.countBy({ userId }),
      });
      const entity = repo.create(build());
      await repo.insert(entity);
      return repo.findOneByOrFail({ id: entity.id });
    });
  }

  async updateOwned(userId: OwnerId, id: string, changes: Partial<ExchangeCredentialEntity>): Promise<void> {
    await this.repo().update({ id, userId }, changes);
  }

  /** false: nothing was deleted. */
  async deleteOwned(userId: OwnerId, id: string): Promise<boolean> {
    const result = await this.repo().delete({ id, userId });
    return Boolean(result.affected);
  }

  // ── the engine ────────────────────────────────────────────────────────────────────────────────────────────

  async byId(id: string): Promise<CredentialRow | undefined> {
    const rows: CredentialRow[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM exchange_credentials WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  async forUserExchange(userId: OwnerId, exchange: string): Promise<CredentialRow | undefined> {
    const rows: CredentialRow[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM exchange_credentials WHERE user_id = $1 AND exchange_name = $2`,
      [userId, exchange],
    );
    return rows[0];
  }

  async markUsed(id: string): Promise<void> {
    await this.ds.query('UPDATE exchange_credentials SET last_used_at = now() WHERE id = $1', [id]);
  }

  /**
   * Records a check's result, only if the row is still at the version that was checked and still pending (a
   * newer save or check wins). undefined: it was stale.
   */
  async recordCheck(c: CredentialCheckWrite): Promise<CheckedCredentialRow | undefined> {
    const rows = await sqlRows<CheckedCredentialRow>(
      this.ds,
      `UPDATE exchange_credentials
          SET validation_status = $3, validation_reason = $4, validated_at = $5,
              permissions = $6::jsonb, can_withdraw = $7,
              last_used_at = CASE WHEN $8 THEN $5 ELSE last_used_at END
        WHERE id = $1 AND check_version = $2 AND validation_status = 'pending'
        RETURNING id, exchange_name, validation_status, validation_reason, validated_at, permissions, can_withdraw, last_used_at`,
      [
        c.id,
        c.checkVersion,
        c.status,
        c.reason,
        c.at,
        c.permissions === null ? null : JSON.stringify(c.permissions),
        c.canWithdraw,
        c.reachedExchange,
      ],
    );
    return rows[0];
  }

  // ── key rotation (CLI) ────────────────────────────────────────────────────────────────────────────────────

  /**
   * Re-encrypts every credential that is not under the current key (the first of CREDENTIALS_KEYS), in batches,
   * each in its own transaction (rows locked, others skipped and taken by the next batch). Safe to run again,
   * and while the platform runs: readers accept every key in the ring. Plain text never leaves this function.
   */
  async rotate(cipher: CredentialCipher, batchSize = 100): Promise<RotationResult> {
    const current = cipher.currentKeyId;
    const failed: RotationResult['failed'] = [];
    let rotated = 0;
    for (;;) {
      const n = await this.ds.transaction(async (m) => {
        const rows: Pick<
          CredentialRow,
          'id' | 'key_id' | 'api_key_encrypted' | 'api_secret_encrypted' | 'passphrase_encrypted'
        >[] = await m.query(
          `SELECT id, key_id, api_key_encrypted, api_secret_encrypted, passphrase_encrypted
               FROM exchange_credentials
              WHERE key_id <> $1 AND NOT (id = ANY($2::uuid[]))
              ORDER BY id LIMIT $3 FOR UPDATE`,
          [current, failed.map((f) => f.id), batchSize],
        );
        for (const row of rows) {
          let sealed;
          try {
            const plain = cipher.open(row.id, {
              keyId: row.key_id,
              apiKeyEncrypted: row.api_key_encrypted,
              apiSecretEncrypted: row.api_secret_encrypted,
              passphraseEncrypted: row.passphrase_encrypted,
            });
            sealed = cipher.seal(row.id, plain);
          } catch (e) {
            if (!(e instanceof CredentialDecryptError)) throw e;
            failed.push({ id: row.id, keyId: row.key_id });
            continue;
          }
          await m.query(
            `UPDATE exchange_credentials
                SET key_id = $2, api_key_encrypted = $3, api_secret_encrypted = $4, passphrase_encrypted = $5
              WHERE id = $1`,
            [
              row.id,
              sealed.keyId,
              sealed.apiKeyEncrypted,
              sealed.apiSecretEncrypted,
              sealed.passphraseEncrypted,
            ],
          );
          rotated += 1;
        }
        return rows.length;
      });
      if (n < batchSize) break;
    }
    const rows: { n: string }[] = await this.ds.query(
      'SELECT count(*)::text AS n FROM exchange_credentials WHERE key_id = $1',
      [current],
    );
    return { currentKeyId: current, rotated, alreadyCurrent: Number(rows[0]?.n ?? 0) - rotated, failed };
  }

  private repo() {
    return this.ds.getRepository(ExchangeCredentialEntity);
  }
}
