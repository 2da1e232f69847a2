import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseApiConfig } from '../../config/config.js';

const base = { DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: 'x'.repeat(32) };
const good = `k2:${randomBytes(32).toString('base64')},k1:${randomBytes(32).toString('base64')}`;

describe('CREDENTIALS_KEYS in the api config', () => {
  it('is accepted when well formed, optional outside production', () => {
    expect(parseApiConfig({ ...base, CREDENTIALS_KEYS: good }).CREDENTIALS_KEYS).toBe(good);
    expect(parseApiConfig(base).CREDENTIALS_KEYS).toBeUndefined();
  });

  it('stops the program on a malformed value, naming the variable but not the key', () => {
    const short = `k1:${randomBytes(16).toString('base64')}`;
    expect(() => parseApiConfig({ ...base, CREDENTIALS_KEYS: short })).toThrow(ConfigError);
    expect(() => parseApiConfig({ ...base, CREDENTIALS_KEYS: short })).toThrow(/CREDENTIALS_KEYS/);
    try {
      parseApiConfig({ ...base, CREDENTIALS_KEYS: short });
    } catch (e) {
      expect((e as Error).message).not.toContain(short.slice(3));
    }
  });

  it('is required in production', () => {
    expect(() => parseApiConfig({ ...base, NODE_ENV: 'production' })).toThrow(/CREDENTIALS_KEYS: obrigatória em produção/);
    expect(parseApiConfig({ ...base, NODE_ENV: 'production', CREDENTIALS_KEYS: good, PAYMENTS_PROVIDER: 'sandbox' }).NODE_ENV).toBe('production');
  });
});
