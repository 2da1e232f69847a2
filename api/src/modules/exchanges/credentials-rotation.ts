import type pg from 'pg';
import { CredentialDecryptError, type CredentialCipher } from '@arbitra/db';

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

interface Row {
  id: string;
  key_id: string;
  api_key_encrypted: string;
  api_secret_encrypted: string;
  passphrase_encrypted: string | null;
}

/**
 * Re-encrypts every exchange credential that is not under the current key (the first of
 * CREDENTIALS_KEYS), in batches, each in its own transaction (rows locked, others skipped and taken
 * by the next batch). Safe to run again, and while the platform runs: readers accept every key in
 * the ring. Plain text never leaves this function.
 */
export async function rotateCredentials(db: pg.ClientBase, cipher: CredentialCipher, batchSize = 100): Promise<RotationResult> {
  const current = cipher.currentKeyId;
  const failed: RotationResult['failed'] = [];
  let rotated = 0;
  for (;;) {
    await db.query('BEGIN');
    try {
      const { rows } = await db.query<Row>(
        `SELECT id, key_id, api_key_encrypted, api_secret_encrypted, passphrase_encrypted
           FROM exchange_credentials
          WHERE key_id <> $1 AND NOT (id = ANY($2::uuid[]))
          ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED`,
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
        await db.query(
          `UPDATE exchange_credentials
              SET key_id = $2, api_key_encrypted = $3, api_secret_encrypted = $4, passphrase_encrypted = $5
            WHERE id = $1`,
          [row.id, sealed.keyId, sealed.apiKeyEncrypted, sealed.apiSecretEncrypted, sealed.passphraseEncrypted],
        );
        rotated += 1;
      }
      await db.query('COMMIT');
      if (rows.length < batchSize) break;
    } catch (e) {
      await db.query('ROLLBACK');
      throw e;
    }
  }
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM exchange_credentials WHERE key_id = $1', [current]);
  return { currentKeyId: current, rotated, alreadyCurrent: Number(rows[0]?.n ?? 0) - rotated, failed };
}
