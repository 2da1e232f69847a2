import { describe, expect, it } from 'vitest';
import type { AdminSystemOverview, LivePoint } from '@arbitra/contracts';
import { waitFor } from '../../scripts/test-support/wait.js';
import { useTestPlatform } from './support/test-platform.js';
import { login } from './support/http.js';

/** Enough seconds of history to tell "kept by the server" from "drawn since the page opened". */
const SECONDS = 6;

describe("admin Sistema: the api keeps the platform's last 15 minutes, watched or not (issue 27)", () => {
  const t = useTestPlatform({ seed: true, engines: 1 });
  const { call } = t;

  it('an admin who never watched gets points a second apart spanning the past seconds, with the engine in them', async () => {
    // Nobody has a socket open: no admin watches while the engine runs.
    const admin = (await login(call, 'admin@arbitra.local', 'admin12345')).body.access_token as string;
    const read = async () => {
      const res = await call<AdminSystemOverview>('GET', '/api/admin/system?include=history', {
        token: admin,
      });
      expect(res.status).toBe(200);
      return res.body.history ?? [];
    };
    const span = (h: LivePoint[]) => (h.length ? h[h.length - 1]!.t - h[0]!.t : 0);
    const history = await waitFor(
      async () => {
        const h = await read();
        return h.length >= SECONDS &&
          span(h) >= (SECONDS - 1) * 1000 &&
          h.some((p) => p.bookUpdatesPerSecond > 0)
          ? h
          : undefined;
      },
      60_000,
      500,
    );
    expect(history, 'history after the engine ran unwatched').toBeDefined();
    const h = history!;
    const gaps = h.slice(1).map((p, i) => p.t - h[i]!.t);
    // One point a second (a busy machine may skip a tick: the median, not the worst gap).
    const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(500);
    expect(median).toBeLessThan(1_600);
    expect(h[h.length - 1]!.t).toBeGreaterThan(Date.now() - 5_000);
    // The engine's figures (book updates of the simulated feeds) and the api's (its own socket count, pool).
    expect(h.filter((p) => p.bookUpdatesPerSecond > 0).length).toBeGreaterThan(0);
    expect(Object.keys(h[0]!.perExchange).length).toBeGreaterThan(1);
    // Without ?include=history the 3-second poll stays small.
    const plain = await call<AdminSystemOverview>('GET', '/api/admin/system', { token: admin });
    expect(plain.body.history).toBeUndefined();
  }, 90_000);

  it('a non-admin gets 403, a bad include 400', async () => {
    const user = await t.register();
    const res = await call('GET', '/api/admin/system?include=history', { token: user.token });
    expect(res.status).toBe(403);
    const admin = (await login(call, 'admin@arbitra.local', 'admin12345')).body.access_token as string;
    const bad = await call('GET', '/api/admin/system?include=tudo', { token: admin });
    expect(bad.status).toBe(400);
  });
});
