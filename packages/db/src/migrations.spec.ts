import { describe, expect, it } from 'vitest';
import type { QueryRunner } from 'typeorm';
import { PLANS } from '@arbitra/contracts';
import { Accounts1763780100000 } from './migrations/1763780100000-accounts.js';

describe('the accounts migration', () => {
  it('seeds exactly the plans of PLANS (DECISIONS §2), in their order, prices in integer cents', async () => {
    const inserts: unknown[][] = [];
    const runner = {
      query: async (sql: string, params?: unknown[]) => {
        if (sql.includes('INSERT INTO plans')) inserts.push(params ?? []);
        return [];
      },
    } as unknown as QueryRunner;
    await new Accounts1763780100000().up(runner);
    expect(inserts).toEqual(
      PLANS.map((p, i) => [
        p.id,
        p.name,
        p.monthlyCents,
        p.yearlyCents,
        p.features.maxBots,
        p.features.maxExchanges,
        p.features.realTimeData,
        p.features.advancedStrategies,
        p.features.prioritySupport,
        p.popular,
        JSON.stringify(p.highlights),
        i,
      ]),
    );
    for (const p of PLANS)
      expect(Number.isInteger(p.monthlyCents) && Number.isInteger(p.yearlyCents)).toBe(true);
  });
});

describe('sqlMigration', () => {
  it('keeps the name TypeORM records and sends each statement once, in order, each way', async () => {
    const { sqlMigration } = await import('./migrations/sql-migration.js');
    const sent: string[] = [];
    const runner = { query: async (sql: string) => void sent.push(sql) } as unknown as QueryRunner;
    const M = sqlMigration(
      'Thing1700000000000',
      ['CREATE TABLE a ()', 'CREATE INDEX b ON a ()'],
      ['DROP TABLE a'],
    );
    const m = new M();
    expect(m.name).toBe('Thing1700000000000');
    await m.up(runner);
    expect(sent).toEqual(['CREATE TABLE a ()', 'CREATE INDEX b ON a ()']);
    await m.down(runner);
    expect(sent).toEqual(['CREATE TABLE a ()', 'CREATE INDEX b ON a ()', 'DROP TABLE a']);
  });
});
