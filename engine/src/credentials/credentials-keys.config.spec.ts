import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEngineConfig } from '../config/config.js';

const base = { DATABASE_URL: 'postgres://localhost/x' };
const good = `k1:${randomBytes(32).toString('base64')}`;

describe('CREDENTIALS_KEYS in the engine config', () => {
  it('is accepted when well formed; the check timeout defaults to 8 s', () => {
    expect(parseEngineConfig({ ...base, CREDENTIALS_KEYS: good }).CREDENTIALS_KEYS).toBe(good);
    expect(parseEngineConfig(base).CREDENTIAL_CHECK_TIMEOUT_MS).toBe(8_000);
  });

  it('stops the engine on a malformed value, and in production without one', () => {
    expect(() => parseEngineConfig({ ...base, CREDENTIALS_KEYS: 'k1' })).toThrow(ConfigError);
    expect(() => parseEngineConfig({ ...base, NODE_ENV: 'production' })).toThrow(/CREDENTIALS_KEYS: obrigatória em produção/);
  });
});
