import { describe, expect, it } from 'vitest';
import { blockingDirectory, sharedClusterDir } from './postgres.mjs';

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
  it('gives each checkout its own cluster folder under the shared directory', () => {
    const a = sharedClusterDir('/root/arbitra-check/.data/postgres', '/var/lib/arbitra');
    expect(a).toMatch(/^\/var\/lib\/arbitra\/arbitra-check-[0-9a-f]{10}$/);
    expect(sharedClusterDir('/root/arbitra-check/.data/postgres', '/var/lib/arbitra')).toBe(a);
    expect(sharedClusterDir('/root/outra/arbitra-check/.data/postgres', '/var/lib/arbitra')).not.toBe(a);
  });

  // As root from a 0700 directory the cluster is kept elsewhere: api/test/root-checkout.test.ts (issue 32).
});
