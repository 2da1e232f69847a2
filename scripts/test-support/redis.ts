import net from 'node:net';

/** The Redis to test the Redis path against: REDIS_URL, or the development machines' 127.0.0.1:6379 when it answers. */
export async function availableRedisUrl(): Promise<string | undefined> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const u = new URL(url);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
    });
  });
  return reachable ? url : undefined;
}
