import {
  CredentialCipher,
  CredentialKeysError,
  ExchangeCredentialsRepository,
  openDatabase,
} from '@arbitra/db';

/**
 * `npm run credentials:rotate`: re-encrypts every exchange credential under the current key.
 *
 * Rotation: put the new key FIRST in CREDENTIALS_KEYS and keep the old one after it
 * (`CREDENTIALS_KEYS=k2:<new>,k1:<old>`), restart the api and the engine (they read every key, write
 * with the first), run this command, then drop the old key. Needs DATABASE_URL and CREDENTIALS_KEYS.
 * Prints a JSON summary; never a key or a secret. Exit 1 when some row could not be decrypted.
 */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const keys = process.env.CREDENTIALS_KEYS;
  if (!url || !keys) {
    console.error('DATABASE_URL e CREDENTIALS_KEYS são obrigatórias (as mesmas da api e do engine)');
    process.exit(78);
  }
  let cipher: CredentialCipher;
  try {
    cipher = CredentialCipher.fromSpec(keys);
  } catch (e) {
    console.error(e instanceof CredentialKeysError ? e.message : 'CREDENTIALS_KEYS inválida');
    process.exit(78);
  }
  const db = await openDatabase(url);
  try {
    const result = await db.repositories(ExchangeCredentialsRepository).rotate(cipher);
    console.log(JSON.stringify(result));
    if (result.failed.length > 0) {
      console.error(
        `${result.failed.length} credencial(is) não puderam ser decifradas (chaves ausentes: ${[...new Set(result.failed.map((f) => f.keyId))].join(', ')}).`,
      );
      process.exitCode = 1;
    }
  } finally {
    await db.close();
  }
}

main().catch((e: unknown) => {
  console.error('Falha na rotação das credenciais:', e instanceof Error ? e.message : e);
  process.exit(1);
});
