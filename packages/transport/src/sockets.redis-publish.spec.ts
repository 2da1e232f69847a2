import { describe, expect, it } from 'vitest';
import { reportingRedisPublishFailures } from './sockets.js';

describe('Redis fabric: a failed publish is reported, never an unhandled rejection (issue 13)', () => {
  it('reports the error and resolves to 0 receivers', async () => {
    const reported: string[] = [];
    const failing = { publish: () => Promise.reject(new Error('Reached the max retries per request limit')) };
    const client = reportingRedisPublishFailures(
      (e) => reported.push(e.message),
      failing as never,
    ) as unknown as {
      publish: (channel: string, message: string) => Promise<number>;
    };
    await expect(client.publish('socket.io#/#', 'x')).resolves.toBe(0);
    expect(reported).toEqual(['Reached the max retries per request limit']);
  });

  it('passes a successful publish through untouched', async () => {
    const reported: Error[] = [];
    const calls: unknown[][] = [];
    const ok = {
      publish: (...args: unknown[]) => {
        calls.push(args);
        return Promise.resolve(2);
      },
    };
    const client = reportingRedisPublishFailures((e) => reported.push(e), ok as never) as unknown as {
      publish: (channel: string, message: string) => Promise<number>;
    };
    await expect(client.publish('c', 'm')).resolves.toBe(2);
    expect(calls).toEqual([['c', 'm']]);
    expect(reported).toEqual([]);
  });
});
