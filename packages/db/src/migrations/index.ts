import { Init1763780000000 } from './1763780000000-init.js';
import { Accounts1763780100000 } from './1763780100000-accounts.js';
import { ExchangeCredentials1763780300000 } from './1763780300000-exchange-credentials.js';
import { Bots1763780400000 } from './1763780400000-bots.js';
import { ExecutionJournal1763780500000 } from './1763780500000-execution-journal.js';

export { ACCOUNTS_MIGRATION_PLANS } from './1763780100000-accounts.js';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Init1763780000000, Accounts1763780100000, ExchangeCredentials1763780300000, Bots1763780400000, ExecutionJournal1763780500000];
