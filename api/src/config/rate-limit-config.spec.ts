import { describe, expect, it } from 'vitest';
import { ConfigError, parseApiConfig } from './config.js';

const base = { DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: 'x'.repeat(32) };

describe('accounts configuration', () => {
  it('reads rate limits as hits/window and has defaults', () => {
    const c = parseApiConfig({
      ...base,
      RATE_LIMIT_LOGIN_IP: '5/2m',
      RATE_LIMIT_FORGOT_ACCOUNT: '3 / 1h',
      RATE_LIMIT_TWO_FACTOR_IP: '7/45',
    });
    expect(c.RATE_LIMIT_LOGIN_IP).toEqual({ limit: 5, windowSeconds: 120 });
    expect(c.RATE_LIMIT_FORGOT_ACCOUNT).toEqual({ limit: 3, windowSeconds: 3600 });
    expect(c.RATE_LIMIT_TWO_FACTOR_IP).toEqual({ limit: 7, windowSeconds: 45 });
    expect(c.RATE_LIMIT_LOGIN_ACCOUNT).toEqual({ limit: 10, windowSeconds: 900 });
    expect(c.TWO_FACTOR_KEY).toBeUndefined();
  });

  it('stops on a bad limit or a short TWO_FACTOR_KEY, naming the variable', () => {
    expect(() => parseApiConfig({ ...base, RATE_LIMIT_LOGIN_IP: 'muitos' })).toThrow(ConfigError);
    expect(() => parseApiConfig({ ...base, RATE_LIMIT_LOGIN_IP: '0/1m' })).toThrow(/RATE_LIMIT_LOGIN_IP/);
    expect(() => parseApiConfig({ ...base, TWO_FACTOR_KEY: 'curta' })).toThrow(/TWO_FACTOR_KEY/);
  });
});
