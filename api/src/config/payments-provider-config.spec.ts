import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, PAYMENTS_PROVIDER_REQUIRED, parseApiConfig } from './config.js';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://localhost/x',
  JWT_SECRET: 'x'.repeat(32),
  CREDENTIALS_KEYS: `k1:${randomBytes(32).toString('base64')}`,
};

describe('PAYMENTS_PROVIDER in the api config (the sandbox only when chosen)', () => {
  it('an api for production without a provider refuses to start, saying in pt-BR what to set', () => {
    // Before: it defaulted to the sandbox, where any user approves their own payment.
    expect(() => parseApiConfig(production)).toThrow(ConfigError);
    expect(() => parseApiConfig(production)).toThrow(
      /PAYMENTS_PROVIDER: defina o provedor de pagamentos\. Em produção use PAYMENTS_PROVIDER=mercadopago/,
    );
    expect(PAYMENTS_PROVIDER_REQUIRED).toContain('sandbox só para testar sem dinheiro real');
  });

  it('a provider named explicitly is used, in production too (npm start names the sandbox)', () => {
    expect(parseApiConfig({ ...production, PAYMENTS_PROVIDER: 'sandbox' }).PAYMENTS_PROVIDER).toBe('sandbox');
    expect(parseApiConfig({ ...production, PAYMENTS_PROVIDER: 'mercadopago' }).PAYMENTS_PROVIDER).toBe(
      'mercadopago',
    );
    expect(() => parseApiConfig({ ...production, PAYMENTS_PROVIDER: 'stripe' })).toThrow(/PAYMENTS_PROVIDER/);
  });

  it('outside production an unset provider is the sandbox', () => {
    expect(parseApiConfig({ ...production, NODE_ENV: 'development' }).PAYMENTS_PROVIDER).toBe('sandbox');
  });
});
