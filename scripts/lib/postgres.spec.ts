import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertReachableByPostgres, blockingDirectory, startEmbeddedPostgres } from './postgres.mjs';

const dir = (uid: number, gid: number, mode: number) => ({ uid, gid, mode, isDirectory: () => true });

describe('the embedded Postgres as root (issue 13, finding 7)', () => {
  // /root mode 700 owned by root; the rest world-searchable.
  const tree: Record<string, ReturnType<typeof dir>> = {
    '/': dir(0, 0, 0o755),
    '/root': dir(0, 0, 0o700),
    '/root/arbitra': dir(0, 0, 0o755),
    '/opt': dir(0, 0, 0o755),
    '/opt/arbitra': dir(0, 0, 0o755),
    '/srv': dir(0, 50, 0o750),
  };
  const stat = (p: string) => {
    const s = tree[p];
    if (!s) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    return s;
  };

  it('finds the directory the postgres user cannot enter', () => {
    expect(blockingDirectory('/root/arbitra/node_modules', 999, 999, stat)).toBe('/root');
    expect(blockingDirectory('/opt/arbitra/.data', 999, 999, stat)).toBeNull();
    // Group search permission counts for a member of the group, not for others.
    expect(blockingDirectory('/srv/x', 999, 50, stat)).toBeNull();
    expect(blockingDirectory('/srv/x', 999, 999, stat)).toBe('/srv');
  });

  it.runIf(process.getuid?.() === 0)(
    'stops with a pt-BR message, not an EACCES stack, when the data sits under a 700 directory',
    async () => {
      const base = mkdtempSync(path.join(tmpdir(), 'arbitra-root-'));
      try {
        const home = path.join(base, 'home');
        mkdirSync(home);
        chmodSync(base, 0o755);
        chmodSync(home, 0o700);
        const data = path.join(home, 'arbitra', '.data', 'postgres');
        await expect(assertReachableByPostgres(data)).rejects.toThrow(
          /usuário 'postgres'.*não consegue entrar em .*home/s,
        );
        await expect(startEmbeddedPostgres({ dir: data, log: () => {} })).rejects.toThrow(
          /Postgres embutido roda como o usuário 'postgres'[\s\S]*DATABASE_URL=/,
        );
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    },
  );
});
