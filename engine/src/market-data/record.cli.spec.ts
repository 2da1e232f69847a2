import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main, parseRecordArgs } from './record.js';

const dir = await mkdtemp(join(tmpdir(), 'arbitra-record-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('record (npm run record)', () => {
  it('parses its arguments', () => {
    expect(
      parseRecordArgs([
        '--feed',
        'ccxt',
        '--out=x.jsonl',
        '--duration',
        '60',
        '--exchanges',
        'binance,gateio',
      ]),
    ).toEqual({
      feed: 'ccxt',
      out: 'x.jsonl',
      durationMs: 60_000,
      maxUpdates: undefined,
      seed: undefined,
      exchanges: ['binance', 'gateio'],
      symbols: undefined,
      replayFile: undefined,
    });
    expect(() => parseRecordArgs(['--feed', 'simulated'])).toThrow('--out');
    expect(() => parseRecordArgs(['--out', 'x', '--exchanges', 'kraken'])).toThrow('kraken');
    expect(() => parseRecordArgs(['--out', 'x', '--feed', 'nope'])).toThrow('--feed');
  });

  it('records the simulated feed to a replay file', async () => {
    const out = join(dir, 'sim.jsonl');
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const code = await main(['--feed', 'simulated', '--seed', '5', '--out', out, '--updates', '150']);
    err.mockRestore();
    expect(code).toBe(0);
    const lines = (await readFile(out, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(lines[0]!.type).toBe('meta');
    expect(lines.filter((l) => l.type === 'book')).toHaveLength(150);
    expect(lines.some((l) => l.type === 'markets')).toBe(true);
    expect(lines.some((l) => l.type === 'state')).toBe(true);
  });
});
