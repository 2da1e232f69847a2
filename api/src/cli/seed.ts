import type { DataSource } from 'typeorm';
import { UserEntity } from '@arbitra/db';
import type { Role } from '@arbitra/contracts';
import { hashPassword } from '../common/security/password.js';

export interface SeedAccount {
  name: string;
  email: string;
  password: string;
  role: Role;
}

/** The accounts `npm start` creates on a fresh database (README lists them). */
export const SEED_ACCOUNTS: readonly SeedAccount[] = [
  { name: 'Administrador Arbitra', email: 'admin@arbitra.local', password: 'admin12345', role: 'admin' },
  { name: 'Usuário Demo', email: 'demo@arbitra.local', password: 'demo12345', role: 'user' },
];

/** Creates the seed accounts that do not exist yet; never changes existing ones. */
export async function seed(ds: DataSource): Promise<string[]> {
  const users = ds.getRepository(UserEntity);
  const created: string[] = [];
  for (const account of SEED_ACCOUNTS) {
    if (await users.existsBy({ email: account.email })) continue;
    await users.insert({
      name: account.name,
      email: account.email,
      role: account.role,
      passwordHash: await hashPassword(account.password),
    });
    created.push(account.email);
  }
  return created;
}
