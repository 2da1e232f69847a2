import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets for a development platform, generated once into the data directory
 * (mode 600) and reused across restarts. Production passes them as variables.
 */
export function loadOrCreateSecrets(dataDir) {
  const file = path.join(dataDir, 'secrets.json');
  const current = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets = {
    JWT_SECRET: current.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    CREDENTIALS_KEYS: current.CREDENTIALS_KEYS ?? `k1:${randomBytes(32).toString('base64')}`,
    TWO_FACTOR_KEY: current.TWO_FACTOR_KEY ?? randomBytes(48).toString('base64url'),
    METRICS_TOKEN: current.METRICS_TOKEN ?? randomBytes(24).toString('base64url'),
  };
  if (JSON.stringify(secrets) !== JSON.stringify(current)) {
    writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  }
  return secrets;
}
