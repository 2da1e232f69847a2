import { Injectable, type OnModuleInit } from '@nestjs/common';
import { RealtimeGateway, type SocketAuth } from '../../realtime/realtime.gateway.js';
import { EntitlementsService } from '../subscriptions/entitlements.service.js';
import { SessionsService } from './sessions.service.js';

/**
 * Passes the gateway its authenticator: the handshake's token is a session token; a live session's user joins
 * their rooms, with the real-time scanner for plans that include it (Profissional, Enterprise, the trial; the rest
 * get the 3-s public one). Anything else connects as anonymous.
 */
@Injectable()
export class SocketAuthentication implements OnModuleInit {
  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly sessions: SessionsService,
    private readonly entitlements: EntitlementsService,
  ) {}

  onModuleInit(): void {
    this.gateway.setAuthenticator((token) => this.authenticate(token));
  }

  async authenticate(token: string): Promise<SocketAuth> {
    const found = await this.sessions.authenticate(token);
    if (!found) return { user: null };
    const { expiresAt, ...user } = found;
    const realTime = (await this.entitlements.forUser(user.id)).canUseRealTime;
    return { user, expiresAt: expiresAt.getTime(), realTime };
  }
}
