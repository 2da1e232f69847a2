import { Logger } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { EVENTS, ROOMS, type EngineHeartbeat } from '@arbitra/contracts';
import type { FabricServer } from '@arbitra/transport';
import { EngineStatusService } from '../modules/engine-link/engine-status.service.js';

/**
 * The browsers' side of the socket fabric. Everything browsers receive is
 * published by the engine (or services) into rooms, through the adapter.
 */
@WebSocketGateway({ cors: { origin: true, credentials: true } })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server!: FabricServer;

  constructor(private readonly engineStatus: EngineStatusService) {}

  afterInit(server: FabricServer): void {
    // Engine heartbeats arrive as server-side events over the adapter.
    server.on(EVENTS.engineHeartbeat, (hb: EngineHeartbeat) => this.engineStatus.record(hb));
    this.logger.log('socket fabric ready');
  }

  async handleConnection(socket: Socket): Promise<void> {
    await socket.join(ROOMS.publicScanner);
  }
}
