import {
  SubscriptionsRepository,
  systemActingFor,
  TradesRepository,
  UsersRepository,
  type Repositories,
} from '@arbitra/db';
import type { Role } from '@arbitra/contracts';
import { hashPassword } from '../common/security/password.js';
import { trialFor } from '../modules/subscriptions/subscription-rules.js';
import { demoTaxMonth, insertFixtureTrades } from './live-trade-fixtures.js';

export interface SeedAccount {
  name: string;
  email: string;
  password: string;
  role: Role;
}

const DEMO_EMAIL = 'demo@arbitra.local';

/** The accounts `npm start` creates on a fresh database (README lists them). */
export const SEED_ACCOUNTS: readonly SeedAccount[] = [
  { name: 'Administrador Arbitra', email: 'admin@arbitra.local', password: 'admin12345', role: 'admin' },
  { name: 'Usuário Demo', email: 'demo@arbitra.local', password: 'demo12345', role: 'user' },
];

/**
 * Creates the seed accounts that do not exist yet; never changes existing ones. Seeded users
 * (not the admin) that have no subscription get the 7-day Profissional trial every new account gets.
 */
export async function seed(repositories: Repositories): Promise<string[]> {
  const users = repositories(UsersRepository);
  const subscriptions = repositories(SubscriptionsRepository);
  const created: string[] = [];
  for (const account of SEED_ACCOUNTS) {
    let userId = (await users.findByEmail(account.email))?.id;
    if (!userId) {
      const id = await users.createInvited({
        name: account.name,
        email: account.email,
        role: account.role,
        passwordHash: await hashPassword(account.password),
      });
      if (id) created.push(account.email);
      // null: another process created it in between; read it back.
      userId = id ?? (await users.findByEmail(account.email))!.id;
    }
    // The seed acts for the account it just made or found.
    if (account.role !== 'admin' && !(await subscriptions.forUser(systemActingFor(userId)))) {
      await subscriptions.insert(trialFor(userId));
    }
    // The demo user's live month for 'Impostos' (fixtures, skipped when already there).
    if (account.email === DEMO_EMAIL)
      await insertFixtureTrades(
        repositories(TradesRepository),
        userId,
        'Demo (trades reais de exemplo)',
        demoTaxMonth(new Date()),
      );
  }
  return created;
}
