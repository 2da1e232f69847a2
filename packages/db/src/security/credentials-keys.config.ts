import { z } from 'zod';
import { CredentialKeysError, parseCredentialKeys } from './credential-cipher.js';

/**
 * CREDENTIALS_KEYS for a config schema: `k1:<base64 of 32 bytes>[,k2:...]`, the first is current.
 * Absent is allowed outside production (saving a credential then answers 503); checked, never echoed.
 */
export function credentialsKeysField() {
  return z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .superRefine((v, ctx) => {
      if (v === undefined) return;
      try {
        parseCredentialKeys(v);
      } catch (e) {
        ctx.addIssue({
          code: 'custom',
          message: e instanceof CredentialKeysError ? e.message : 'CREDENTIALS_KEYS inválida',
        });
      }
    });
}

export const CREDENTIALS_KEYS_REQUIRED =
  'CREDENTIALS_KEYS: obrigatória em produção (k1:<32 bytes em base64>)';
