import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of exchange credentials (DECISIONS §6): AES-256-GCM, 96-bit random IV,
 * 128-bit tag, under a keyring read from CREDENTIALS_KEYS (`k1:<base64 of 32 bytes>[,k2:...]`,
 * the FIRST entry is the current key; the others only decrypt, until `credentials:rotate`
 * re-encrypts every row under the current one). The key id is stored beside the ciphertexts.
 *
 * Each ciphertext is bound (GCM associated data) to its row id and field name, so a ciphertext
 * copied into another row or field does not decrypt. The one place that encrypts credentials:
 * the api (save, rotation) and the engine (checks, orders) both use it.
 */

export interface CredentialKey {
  id: string;
  key: Buffer;
}

/** A bad CREDENTIALS_KEYS value; the message is pt-BR and never contains key material. */
export class CredentialKeysError extends Error {}

/** A ciphertext that does not open: unknown key id, wrong key, tampered, or moved to another row. */
export class CredentialDecryptError extends Error {}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Parses CREDENTIALS_KEYS. Throws CredentialKeysError (pt-BR, without key material) when malformed. */
export function parseCredentialKeys(spec: string): CredentialKey[] {
  const entries = spec
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  if (entries.length === 0)
    throw new CredentialKeysError('CREDENTIALS_KEYS está vazia: use k1:<32 bytes em base64>');
  const keys: CredentialKey[] = [];
  for (const [i, entry] of entries.entries()) {
    const sep = entry.indexOf(':');
    const id = sep > 0 ? entry.slice(0, sep) : '';
    const material = sep > 0 ? entry.slice(sep + 1).trim() : '';
    if (!KEY_ID.test(id)) {
      throw new CredentialKeysError(
        `CREDENTIALS_KEYS: a entrada ${i + 1} deve ser id:<base64>, com id de letras, números, _ ou -`,
      );
    }
    if (!BASE64.test(material))
      throw new CredentialKeysError(`CREDENTIALS_KEYS: a chave '${id}' não está em base64`);
    const key = Buffer.from(material, 'base64');
    if (key.length !== 32) {
      throw new CredentialKeysError(
        `CREDENTIALS_KEYS: a chave '${id}' deve ter 32 bytes (tem ${key.length})`,
      );
    }
    if (keys.some((k) => k.id === id))
      throw new CredentialKeysError(`CREDENTIALS_KEYS: o id '${id}' aparece mais de uma vez`);
    keys.push({ id, key });
  }
  return keys;
}

/** A new CREDENTIALS_KEYS entry (for operators: `k2:<this>` put first, then rotate). */
export function generateCredentialKey(id: string): string {
  if (!KEY_ID.test(id)) throw new CredentialKeysError('id de chave inválido');
  return `${id}:${randomBytes(32).toString('base64')}`;
}

/** The fields of a credential kept encrypted. */
export type CredentialField = 'api_key' | 'api_secret' | 'passphrase';

export interface CredentialPlain {
  apiKey: string;
  apiSecret: string;
  passphrase: string | null;
}

export interface CredentialSealed {
  keyId: string;
  apiKeyEncrypted: string;
  apiSecretEncrypted: string;
  passphraseEncrypted: string | null;
}

export class CredentialCipher {
  private readonly keys: ReadonlyMap<string, Buffer>;
  /** The key new ciphertexts use (the first of CREDENTIALS_KEYS). */
  readonly currentKeyId: string;

  constructor(keys: readonly CredentialKey[]) {
    const first = keys[0];
    if (!first) throw new CredentialKeysError('CREDENTIALS_KEYS está vazia: use k1:<32 bytes em base64>');
    this.currentKeyId = first.id;
    this.keys = new Map(keys.map((k) => [k.id, k.key]));
  }

  static fromSpec(spec: string): CredentialCipher {
    return new CredentialCipher(parseCredentialKeys(spec));
  }

  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  hasKey(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  /** base64(iv ‖ tag ‖ ciphertext) under `keyId` (default: the current key). */
  encrypt(plain: string, aad: string, keyId: string = this.currentKeyId): string {
    const key = this.key(keyId);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
  }

  decrypt(sealed: string, keyId: string, aad: string): string {
    const key = this.key(keyId);
    const raw = Buffer.from(sealed, 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new CredentialDecryptError('ciphertext too short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new CredentialDecryptError('credential does not decrypt (wrong key, tampered or moved)');
    }
  }

  /** Encrypts the three fields of credential `id` under the current key. */
  seal(id: string, plain: CredentialPlain): CredentialSealed {
    const keyId = this.currentKeyId;
    return {
      keyId,
      apiKeyEncrypted: this.encrypt(plain.apiKey, credentialAad(id, 'api_key'), keyId),
      apiSecretEncrypted: this.encrypt(plain.apiSecret, credentialAad(id, 'api_secret'), keyId),
      passphraseEncrypted:
        plain.passphrase === null
          ? null
          : this.encrypt(plain.passphrase, credentialAad(id, 'passphrase'), keyId),
    };
  }

  /** Decrypts the three fields of credential `id`. */
  open(id: string, sealed: CredentialSealed): CredentialPlain {
    return {
      apiKey: this.decrypt(sealed.apiKeyEncrypted, sealed.keyId, credentialAad(id, 'api_key')),
      apiSecret: this.decrypt(sealed.apiSecretEncrypted, sealed.keyId, credentialAad(id, 'api_secret')),
      passphrase:
        sealed.passphraseEncrypted === null
          ? null
          : this.decrypt(sealed.passphraseEncrypted, sealed.keyId, credentialAad(id, 'passphrase')),
    };
  }

  /** Only the API key (for the list's preview and reveal toggle). */
  openApiKey(id: string, sealed: Pick<CredentialSealed, 'keyId' | 'apiKeyEncrypted'>): string {
    return this.decrypt(sealed.apiKeyEncrypted, sealed.keyId, credentialAad(id, 'api_key'));
  }

  private key(keyId: string): Buffer {
    const key = this.keys.get(keyId);
    if (!key) throw new CredentialDecryptError(`unknown credentials key id '${keyId}'`);
    return key;
  }
}

/** Associated data binding a ciphertext to its row and field. */
export function credentialAad(id: string, field: CredentialField): string {
  return `arbitra/exchange_credentials/${id}/${field}`;
}
