import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTenancy } from './tenancy.mjs';

const dirs: string[] = [];
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'arbitra-tenancy-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const MIGRATION = `await q.query(\`CREATE TABLE trades (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id)
)\`);
await q.query(\`CREATE TABLE pets (
  id uuid PRIMARY KEY,
  "user_id" uuid NOT NULL
)\`);`;
const ENTITY = `@Entity({ name: 'trades' })\nexport class TradeEntity {}\n`;
const REPOSITORY = `export class TradesRepository {
  constructor(private readonly ds: DataSource) {}

  list(userId: OwnerId): Promise<TradeEntity[]> {
    return this.ds.getRepository(TradeEntity).find({ where: { userId } });
  }

  async forgetful(
    userId: string,
  ): Promise<number> {
    return this.ds.query('SELECT count(*) FROM trades WHERE user_id = $1', [userId]);
  }

  async record(r: { id: string }): Promise<void> {
    await this.ds.query('INSERT INTO trades (id) VALUES ($1)', [r.id]);
  }

  private async helper(): Promise<void> {
    await this.ds.query('DELETE FROM trades');
  }
}

export class PetsRepository {
  all(): Promise<unknown> {
    return this.ds.query('SELECT * FROM pets');
  }
}
`;

describe('the tenancy lint', () => {
  it('passes on this repository: every query over a user-owned table takes its owner or is a listed exemption', () => {
    expect(checkTenancy()).toEqual({ unknownOwnedTables: [], unchecked: [], withoutOwner: [] });
  });

  it('names a method without its owner, a repository not checked, and a new table with a user_id', () => {
    const root = tree({
      'packages/db/src/migrations/1-init.ts': MIGRATION,
      'packages/db/src/entities/trade.entity.ts': ENTITY,
      'packages/db/src/repositories/trades.repository.ts': REPOSITORY,
      'packages/db/src/tenancy.spec.ts': `type TradesExempt = 'record';
export type T = [Tenant<MethodsWithoutOwner<TradesRepository, TradesExempt>>];`,
    });
    expect(checkTenancy(root)).toEqual({
      unknownOwnedTables: ['pets'],
      unchecked: [],
      withoutOwner: ['packages/db/src/repositories/trades.repository.ts: TradesRepository.forgetful (trades)'],
    });
  });

  it('fails a repository over a user-owned table that the type check does not list', () => {
    const root = tree({
      'packages/db/src/migrations/1-init.ts': MIGRATION.replace('pets', 'trade_legs'),
      'packages/db/src/entities/trade.entity.ts': ENTITY,
      'packages/db/src/repositories/trades.repository.ts': REPOSITORY,
      'packages/db/src/tenancy.spec.ts': '',
    });
    expect(checkTenancy(root).unchecked).toEqual([
      'packages/db/src/repositories/trades.repository.ts: TradesRepository (trades)',
    ]);
  });
});
