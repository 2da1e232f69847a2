#!/usr/bin/env node
/**
 * Tenancy lint (issue 28, docs/ARCHITECTURE.md "Tenancy in the type"): no repository query over a user's table
 * without its owner. It reads the sources, no compiler:
 * - the owned tables are the migrations' tables with a `user_id` column, plus the children owned through them
 *   (OWNED_CHILDREN); a new table with a `user_id` that is not in OWNED_TABLES fails (decide, then list it);
 * - a repository class (packages/db/src/repositories) whose methods query an owned table (SQL `FROM/JOIN/INTO/UPDATE
 *   <table>` or the table's entity class) must be checked by `packages/db/src/tenancy.spec.ts`
 *   (`MethodsWithoutOwner<Class, Exempt>`, where `tsc` checks every method's parameters) or be one of NOT_TENANT;
 * - each public method of a checked class that queries an owned table takes an `OwnerId` (or a type of its file that
 *   carries one) or is named in the class's exemption list in that spec.
 * `node scripts/lint/tenancy.mjs` prints what it finds and exits 1 (run by `npm run lint`; its spec by `npm test`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every user-owned table: the ones with a user_id, and the ones owned through a parent row. */
export const OWNED_TABLES = [
  'audit_log',
  'backtests',
  'bots',
  'contact_messages',
  'email_change_requests',
  'exchange_credentials',
  'notification_deliveries',
  'notification_preferences',
  'notification_settings',
  'notification_throttle',
  'notifications',
  'password_reset_tokens',
  'payment_methods',
  'payments',
  'sessions',
  'stat_positions',
  'subscriptions',
  'tax_exchange_settings',
  'tax_months',
  'telegram_link_codes',
  'telegram_links',
  'trade_day_totals',
  'trades',
  'transfers',
  'two_factor',
  'two_factor_backup_codes',
];
/** Owned through their parent (a bot's balances, a trade's legs). */
export const OWNED_CHILDREN = ['bot_balances', 'trade_legs'];

/** Repositories over owned tables that are not a user's tenancy, and why. */
export const NOT_TENANT = {
  AdminUsersRepository: 'admin reports across users (admin module only)',
  RevenueReportingRepository: 'admin revenue figures over payments (admin module only)',
  ContactMessagesRepository: 'messages to the team: written by any visitor (signed in or not), read by admins',
  UsersRepository:
    'not yet converted (issue 28): the users row, password_reset_tokens and email_change_requests are reached by ' +
    'email or token before a session exists; the profile callers pass the session owner',
};

const read = (root, rel) => readFileSync(path.join(root, rel), 'utf8');
const tsFiles = (root, rel) =>
  readdirSync(path.join(root, rel))
    .filter((n) => n.endsWith('.ts') && !/\.(spec|test)\.ts$/.test(n))
    .map((n) => `${rel}/${n}`);

/** The tables the migrations give a user_id column. */
export function tablesWithUserId(root = repoRoot) {
  const out = new Set();
  for (const f of tsFiles(root, 'packages/db/src/migrations')) {
    let table = null;
    for (const line of read(root, f).split('\n')) {
      const t = /CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"?/i.exec(line);
      if (t) table = t[1];
      if (table && /"?user_id"?\s+uuid/i.test(line)) out.add(table);
    }
  }
  return [...out].sort();
}

/** Entity class name → table. */
function entityTables(root) {
  const out = new Map();
  for (const f of tsFiles(root, 'packages/db/src/entities')) {
    const text = read(root, f);
    const table = /@Entity\(\{\s*name:\s*'(\w+)'/.exec(text)?.[1];
    const cls = /export class (\w+)/.exec(text)?.[1];
    if (table && cls) out.set(cls, table);
  }
  return out;
}

/** Public instance methods of each exported class of a file: name, signature text, body text. */
export function methodsOf(text) {
  const classes = [];
  let current = null;
  let method = null;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const cls = /^export class (\w+)/.exec(line);
    if (cls) {
      current = { name: cls[1], methods: [] };
      classes.push(current);
      continue;
    }
    if (!current) continue;
    if (line === '}') {
      current = null;
      method = null;
      continue;
    }
    const m = /^ {2}((?:async |static |private |public |protected |readonly )*)(\w+)(?:<[^(]*>)?\(/.exec(line);
    if (m && m[2] !== 'constructor') {
      // The signature runs to the `{` that opens the body: the parentheses closed, the line ending in `{`.
      const depth = (t) => (t.match(/\(/g) ?? []).length - (t.match(/\)/g) ?? []).length;
      let signature = line;
      let j = i;
      while (!(depth(signature) === 0 && /\{$/.test(lines[j])) && j < lines.length - 1)
        signature += '\n' + lines[++j];
      i = j;
      method = { name: m[2], hidden: /static|private|protected/.test(m[1]), signature, body: '' };
      if (!method.hidden) current.methods.push(method);
      continue;
    }
    if (method) method.body += line + '\n';
  }
  return classes;
}

/** The tables a method's text queries. */
function tablesIn(text, entities) {
  const out = new Set();
  for (const m of text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+"?(\w+)/gi)) out.add(m[1]);
  for (const m of text.matchAll(/\b(\w+Entity)\b/g)) if (entities.has(m[1])) out.add(entities.get(m[1]));
  return out;
}

/** The classes tenancy.spec.ts checks, each with its exempt method names. */
export function checkedClasses(specText) {
  const exemptTypes = new Map();
  for (const m of specText.matchAll(/type (\w+) =([^;]*);/g))
    exemptTypes.set(m[1], [...m[2].matchAll(/'(\w+)'/g)].map((x) => x[1]));
  const out = new Map();
  for (const m of specText.matchAll(/MethodsWithoutOwner<(\w+)(?:,\s*(\w+))?>/g))
    if (m[1] !== 'R') out.set(m[1], m[2] ? (exemptTypes.get(m[2]) ?? []) : []);
  return out;
}

export function checkTenancy(root = repoRoot) {
  const owned = new Set([...OWNED_TABLES, ...OWNED_CHILDREN]);
  const unknownOwnedTables = tablesWithUserId(root).filter((t) => !owned.has(t));
  const entities = entityTables(root);
  const checked = checkedClasses(read(root, 'packages/db/src/tenancy.spec.ts'));
  const unchecked = [];
  const withoutOwner = [];
  for (const file of tsFiles(root, 'packages/db/src/repositories')) {
    const text = read(root, file);
    // Types of this file that carry the owner (a record with `userId: OwnerId`).
    const ownerTypes = [...text.matchAll(/(?:interface|type) (\w+)[^{]*\{[^}]*\bOwnerId\b[^}]*\}/g)].map((m) => m[1]);
    for (const cls of methodsOf(text)) {
      const querying = cls.methods
        .map((m) => ({ ...m, tables: [...tablesIn(m.body, entities)].filter((t) => owned.has(t)) }))
        .filter((m) => m.tables.length > 0);
      if (querying.length === 0 || cls.name in NOT_TENANT) continue;
      const exempt = checked.get(cls.name);
      if (!exempt) {
        unchecked.push(`${file}: ${cls.name} (${[...new Set(querying.flatMap((m) => m.tables))].join(', ')})`);
        continue;
      }
      for (const m of querying) {
        const takesOwner =
          /\bOwnerId\b/.test(m.signature) || ownerTypes.some((t) => new RegExp(`\\b${t}\\b`).test(m.signature));
        if (!takesOwner && !exempt.includes(m.name))
          withoutOwner.push(`${file}: ${cls.name}.${m.name} (${m.tables.join(', ')})`);
      }
    }
  }
  return { unknownOwnedTables, unchecked, withoutOwner };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = checkTenancy();
  for (const t of r.unknownOwnedTables)
    console.error(`tenancy: table ${t} has a user_id: list it in scripts/lint/tenancy.mjs OWNED_TABLES`);
  for (const c of r.unchecked)
    console.error(`tenancy: ${c} queries a user's table: check it in packages/db/src/tenancy.spec.ts`);
  for (const m of r.withoutOwner)
    console.error(`tenancy: ${m} queries a user's table without its owner (OwnerId) and is not a listed exemption`);
  const n = r.unknownOwnedTables.length + r.unchecked.length + r.withoutOwner.length;
  if (n > 0) process.exit(1);
  console.log('tenancy: every repository query over a user-owned table takes its owner (or is a listed exemption)');
}
