import { Init1763780000000 } from './1763780000000-init.js';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Init1763780000000];
