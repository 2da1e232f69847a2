import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CredentialCipher,
  CredentialDecryptError,
  CredentialKeysError,
  credentialAad,
  parseCredentialKeys,
} from './credential-cipher.js';

const k = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe('CredentialCipher (AES-256-GCM with a key id)', () => {
  it('parses CREDENTIALS_KEYS, the first entry being the current key', () => {
    const spec = `${k('k2')}, ${k('k1')}`;
    const cipher = CredentialCipher.fromSpec(spec);
    expect(cipher.currentKeyId).toBe('k2');
    expect(cipher.keyIds).toEqual(['k2', 'k1']);
  });

  it('refuses malformed keyrings without echoing key material', () => {
    const short = `k1:${randomBytes(16).toString('base64')}`;
    expect(() => parseCredentialKeys(short)).toThrow(CredentialKeysError);
    expect(() => parseCredentialKeys(short)).toThrow(/32 bytes/);
    expect(() => parseCredentialKeys('')).toThrow(CredentialKeysError);
    expect(() => parseCredentialKeys('semid')).toThrow(CredentialKeysError);
    expect(() => parseCredentialKeys('k1:não-é-base64!')).toThrow(/base64/);
    const dup = `${k('k1')},${k('k1')}`;
    expect(() => parseCredentialKeys(dup)).toThrow(/mais de uma vez/);
    try {
      parseCredentialKeys(short);
    } catch (e) {
      expect((e as Error).message).not.toContain(short.slice(3));
    }
  });

  it('round-trips a credential; ciphertexts are bound to their row and field', () => {
    const cipher = CredentialCipher.fromSpec(k('k1'));
    const plain = {
      apiKey: 'AKIAxxxxxxxxxxxxxxxx',
      apiSecret: 'super-secret-value-123',
      passphrase: 'frase secreta',
    };
    const sealed = cipher.seal('row-1', plain);
    expect(sealed.keyId).toBe('k1');
    for (const v of [sealed.apiKeyEncrypted, sealed.apiSecretEncrypted, sealed.passphraseEncrypted ?? '']) {
      expect(v).not.toContain('secret');
      expect(Buffer.from(v, 'base64').toString('utf8')).not.toContain('super-secret');
    }
    expect(cipher.open('row-1', sealed)).toEqual(plain);
    // Same plain text twice: different ciphertexts (random IV).
    expect(cipher.seal('row-1', plain).apiSecretEncrypted).not.toBe(sealed.apiSecretEncrypted);
    // Moved to another row, or swapped between fields: does not open.
    expect(() => cipher.open('row-2', sealed)).toThrow(CredentialDecryptError);
    expect(() => cipher.decrypt(sealed.apiSecretEncrypted, 'k1', credentialAad('row-1', 'api_key'))).toThrow(
      CredentialDecryptError,
    );
  });

  it('decrypts under an older key after rotation and refuses an unknown key id or a tampered text', () => {
    const old = k('k1');
    const before = CredentialCipher.fromSpec(old).seal('r', {
      apiKey: 'a'.repeat(16),
      apiSecret: 'b'.repeat(16),
      passphrase: null,
    });
    const after = CredentialCipher.fromSpec(`${k('k2')},${old}`);
    expect(after.open('r', before).apiSecret).toBe('b'.repeat(16));
    expect(
      after.seal('r', { apiKey: 'a'.repeat(16), apiSecret: 'b'.repeat(16), passphrase: null }).keyId,
    ).toBe('k2');
    expect(() => CredentialCipher.fromSpec(k('k9')).open('r', before)).toThrow(CredentialDecryptError);
    const raw = Buffer.from(before.apiSecretEncrypted, 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => after.open('r', { ...before, apiSecretEncrypted: raw.toString('base64') })).toThrow(
      CredentialDecryptError,
    );
  });
});
