import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENTS, type EngineHeartbeat } from '@arbitra/contracts';
import { EngineCommandsProcessor } from '../../engine/src/commands/engine-commands.processor.js';
import { EngineCommandsService } from '../src/modules/engine-link/engine-commands.service.js';
import { useTestPlatform } from './support/test-platform.js';
import { availableRedisUrl } from '../../scripts/test-support/redis.js';

const redisUrl = await availableRedisUrl();
const backends = [
  { name: 'postgres', redisUrl: undefined },
  ...(redisUrl ? [{ name: 'redis', redisUrl }] : []),
] as const;

describe.each(backends)('the event and job path on $name', ({ name, redisUrl }) => {
  const t = useTestPlatform({ redisUrl, engines: 2 });
  let client: Socket;

  afterAll(async () => {
    client?.close();
  });

  it('delivers the engine heartbeat to a browser-side socket.io client connected to the api', async () => {
    client = connect(t.platform.baseUrl, { transports: ['websocket'] });
    const beat = await new Promise<EngineHeartbeat>((resolve) =>
      client.once(EVENTS.engineHeartbeat, resolve),
    );
    expect(['engine-1', 'engine-2']).toContain(beat.instanceId);
    expect(beat.queueBackend).toBe(name);
    expect(beat.socketBackend).toBe(name);
  });

  it('reports database, queue and engine up on /api/health/ready', async () => {
    const res = await fetch(`${t.platform.baseUrl}/api/health/ready`);
    const body = (await res.json()) as {
      status: string;
      info: Record<string, { status: string; backend?: string }>;
    };
    expect(res.status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.info.database?.status).toBe('up');
    expect(body.info.queue).toMatchObject({ status: 'up', backend: name });
    expect(body.info.engine?.status).toBe('up');
  });

  it('has every job added by the api processed exactly once across two engines', async () => {
    const commands = t.platform.api.app.get(EngineCommandsService);
    const ids = Array.from({ length: 20 }, () => `ping-${randomUUID()}`);
    // Each job added twice with the same id: BullMQ keeps one.
    for (const id of [...ids, ...ids]) {
      await commands.send('ping', { requestedAt: new Date().toISOString(), nonce: id }, id);
    }
    const handled = () =>
      t.platform.engines.flatMap((e) =>
        e.get(EngineCommandsProcessor).handled.filter((h) => ids.includes(h)),
      );
    const deadline = Date.now() + 20_000;
    while (handled().length < ids.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    expect(handled().sort()).toEqual([...ids].sort());
  });

  it('answers a ping round trip through the queue', async () => {
    const result = await t.platform.api.app.get(EngineCommandsService).ping(60_000);
    expect(['engine-1', 'engine-2']).toContain(result.processedBy);
  });
});
