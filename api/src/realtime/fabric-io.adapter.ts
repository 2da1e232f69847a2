import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Server, ServerOptions } from 'socket.io';
import type { SocketAdapter } from '@arbitra/transport';

/** Nest's Socket.IO adapter with the fabric's adapter (Redis or Postgres) plugged in. */
export class FabricIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly fabric: SocketAdapter,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, { ...options, maxHttpBufferSize: 16_384 } as ServerOptions);
    server.adapter(this.fabric.adapter);
    return server;
  }
}
