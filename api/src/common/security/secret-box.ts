import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Server-side secrets at rest (TOTP secrets) with AES-256-GCM, and keyed hashes (backup codes)
 * with HMAC-SHA-256. Both keys are derived (HKDF-SHA-256) from one master key.
 */
export class SecretBox {
  private readonly encryptionKey: Buffer;
  private readonly hmacKey: Buffer;

  constructor(masterKey: string) {
    const ikm = Buffer.from(masterKey, 'utf8');
    this.encryptionKey = Buffer.from(
      hkdfSync('sha256', ikm, 'arbitra', 'arbitra/two-factor/encryption/v1', 32),
    );
    this.hmacKey = Buffer.from(hkdfSync('sha256', ikm, 'arbitra', 'arbitra/two-factor/hmac/v1', 32));
  }

  /** 'v1.' + base64url(iv ‖ tag ‖ ciphertext). */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url')}`;
  }

  decrypt(sealed: string): string {
    const [version, payload] = sealed.split('.', 2);
    if (version !== VERSION || !payload) throw new Error('unknown secret format');
    const raw = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  /** Hex HMAC-SHA-256: a lookup key that is useless without the server's key. */
  hash(value: string): string {
    return createHmac('sha256', this.hmacKey).update(value, 'utf8').digest('hex');
  }
}
