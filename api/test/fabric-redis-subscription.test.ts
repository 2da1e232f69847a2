import { randomBytes } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createHeadlessServer,
  createSocketAdapter,
  keepingRedisSubscriptions,
  redisOptionsFromUrl,
  type RedisAdapterChannels,
  type SocketAdapter,
} from '@arbitra/transport';
import { availableRedisUrl } from '../../scripts/test-support/redis.js';
import { waitFor } from '../../scripts/test-support/wait.js';

const redisUrl = await availableRedisUrl();

/**
 * An api whose Redis subscription went missing heard nothing of the fabric, and nothing said so (issue 18: the
 * scale-out test once saw an api with no engine for 60 s while the engines were up). The adapter now notices a
 * missing subscription, says so, and subscribes again.
 */
describe.skipIf(!redisUrl)('the Redis socket fabric keeps its subscription', () => {
  const namespace = `t${randomBytes(4).toString('hex')}`;
  const closing: (() => unknown)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });

  it('an api whose subscription was dropped reports it and hears the engines again within seconds', async () => {
    // The engine's side: a headless server on the fabric, as the engine has.
    const engineFabric: SocketAdapter = createSocketAdapter({ databaseUrl: '', redisUrl, namespace });
    const engine = createHeadlessServer(engineFabric);
    closing.push(() => engineFabric.close());

    // The api's side, with its own clients so the test can take the subscription away.
    const options = { ...redisOptionsFromUrl(redisUrl!), maxRetriesPerRequest: 20 };
    const pub = new Redis(options);
    const sub = new Redis(options);
    const reported: string[] = [];
    const kept = keepingRedisSubscriptions(
      (e) => reported.push(e.message),
      pub,
      sub,
      createAdapter(pub, sub, { key: namespace }),
      200,
    );
    const api = new Server();
    api.adapter(kept.adapter);
    closing.push(
      () => sub.disconnect(),
      () => pub.disconnect(),
      () => kept.stop(),
    );
    const heard: number[] = [];
    api.on('beat', (n: number) => heard.push(n));

    // Beats every 100 ms, numbered, as the engine's heartbeat.
    let n = 0;
    const beating = setInterval(() => (engine as unknown as Server).serverSideEmit('beat', ++n), 100);
    closing.push(() => clearInterval(beating));
    expect(await waitFor(() => (heard.length > 0 ? true : undefined), 20_000)).toBe(true);
    expect(reported).toEqual([]);

    // The subscription goes (as it went in that run); nothing is heard any more.
    const c = api.of('/').adapter as unknown as RedisAdapterChannels;
    await sub.punsubscribe(`${c.channel}*`);
    await sub.unsubscribe(c.requestChannel, c.responseChannel, c.specificResponseChannel);
    const after = n;
    expect(await waitFor(() => (heard.some((h) => h > after + 5) ? true : undefined), 20_000)).toBe(true);
    expect(reported.some((m) => m.includes('inscrição do adaptador Redis ausente'))).toBe(true);
  }, 60_000);
});
