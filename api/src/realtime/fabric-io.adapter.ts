import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Server, ServerOptions } from 'socket.io';
import type { SocketAdapter } from '@arbitra/transport';

/**
 * A browser may open the socket only from the app itself: its Origin is APP_URL's, or the host it
 * asked (same origin, e.g. 127.0.0.1 instead of localhost). Clients without an Origin (not browsers) pass.
 */
export function socketOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  appUrl: string,
): boolean {
  if (origin === undefined) return true;
  try {
    const o = new URL(origin);
    return o.origin === new URL(appUrl).origin || (host !== undefined && o.host === host);
  } catch {
    return false;
  }
}

/** Nest's Socket.IO adapter with the fabric's adapter (Redis or Postgres) plugged in. */
export class FabricIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly fabric: SocketAdapter,
    private readonly appUrl: string,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      maxHttpBufferSize: 16_384,
      cors: { origin: new URL(this.appUrl).origin, credentials: false },
      allowRequest: (req, callback) =>
        callback(null, socketOriginAllowed(req.headers.origin, req.headers.host, this.appUrl)),
    } as ServerOptions);
    server.adapter(this.fabric.adapter);
    return server;
  }
}
