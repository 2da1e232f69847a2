import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@arbitra/contracts';
import { useTestPlatform } from './support/test-platform.js';

/**
 * Issue 25: the last-admin rule is atomic. Two admins demoting (or disabling) each other at the same instant: one
 * wins, the other is refused with 'last_admin' — never zero admins. Each round is the only pair of admins.
 */
describe('the last admin cannot be demoted, even by two concurrent requests (issue 25)', () => {
  const t = useTestPlatform({ env: { RATE_LIMIT_REGISTER_IP: '1000/1h' } });
  const { call, sql } = t;

  const adminPair = async () => {
    await sql.query(`UPDATE users SET role = 'user' WHERE role = 'admin'`);
    const a = await t.register({ name: 'Admin A' });
    const b = await t.register({ name: 'Admin B' });
    await sql.query(`UPDATE users SET role = 'admin' WHERE id = ANY($1::uuid[])`, [[a.id, b.id]]);
    return [a, b] as const;
  };

  const activeAdmins = async () =>
    Number(
      (
        await sql.query<{ n: string }>(
          `SELECT count(*) AS n FROM users WHERE role = 'admin' AND disabled_at IS NULL`,
        )
      ).rows[0]!.n,
    );

  for (const [what, body] of [
    ['demote', { role: 'user', reason: 'teste de concorrência' }],
    ['disable', { disabled: true, reason: 'teste de concorrência' }],
  ] as const) {
    it(`two admins ${what} each other at once, five times: each time one wins and one admin remains`, async () => {
      for (let round = 0; round < 5; round++) {
        const [a, b] = await adminPair();
        const [ab, ba] = await Promise.all([
          call<{ message?: string }>('PATCH', `/api/admin/users/${b.id}`, { token: a.token, body }),
          call<{ message?: string }>('PATCH', `/api/admin/users/${a.id}`, { token: b.token, body }),
        ]);
        // One wins. The other is refused as the last admin — or, when it reaches the api only after the first one
        // committed, as no longer an admin (403).
        const statuses = [ab.status, ba.status].sort();
        expect(statuses[0], `round ${round}: ${JSON.stringify([ab.body, ba.body])}`).toBe(200);
        expect([400, 403]).toContain(statuses[1]);
        const refused = ab.status === 200 ? ba : ab;
        if (refused.status === 400) expect(refused.body.message).toBe(MESSAGES.admin.cannotDemoteLastAdmin);
        expect(await activeAdmins()).toBe(1);
      }
    });
  }
});
