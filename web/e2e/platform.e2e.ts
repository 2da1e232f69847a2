import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { EVENTS, type EngineHeartbeat } from '@arbitra/contracts';
import { baseUrl } from './support/browser.js';

describe('the platform started by npm start', () => {
  it('answers /api/health/ready with every component up', async () => {
    const res = await fetch(`${baseUrl()}/api/health/ready`);
    const body = (await res.json()) as { status: string; info: Record<string, { status: string }> };
    expect(res.status).toBe(200);
    expect(Object.fromEntries(Object.entries(body.info).map(([k, v]) => [k, v.status]))).toEqual({
      database: 'up',
      queue: 'up',
      engine: 'up',
    });
  });

  it("delivers the engine's heartbeat to a socket.io client connected to the api", async () => {
    const socket = io(baseUrl(), { transports: ['websocket'] });
    try {
      const beat = await new Promise<EngineHeartbeat>((resolve) =>
        socket.once(EVENTS.engineHeartbeat, resolve),
      );
      expect(beat.queueBackend).toBe(process.env.REDIS_URL ? 'redis' : 'postgres');
      expect(Date.now() - Date.parse(beat.sentAt)).toBeLessThan(10_000);
    } finally {
      socket.close();
    }
  });

  it('serves the web app for deep links and JSON errors for unknown API routes', async () => {
    const page = await fetch(`${baseUrl()}/dashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${baseUrl()}/api/nao-existe`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'not_found' });
  });
});
