import { Controller, Delete, Get, Param } from '@nestjs/common';
import { MESSAGES, type MessageResponse, type SessionInfo } from '@arbitra/contracts';
import { Client } from '../../common/decorators/client.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { notFound } from '../../common/errors/app-error.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { AuditService } from '../audit/audit.service.js';
import { SessionsService } from './sessions.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /security's active sessions, with 'Encerrar'. */
@Controller('user/sessions')
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  list(@CurrentUser() user: AuthenticatedUser): Promise<SessionInfo[]> {
    return this.sessions.list(user.id, user.sessionId);
  }

  /** Ends every other session of the user. */
  @Delete()
  async revokeOthers(
    @CurrentUser() user: AuthenticatedUser,
    @Client() client: ClientInfo,
  ): Promise<MessageResponse & { ended: number }> {
    const ended = await this.sessions.revokeAll(user.id, 'other_sessions', user.sessionId);
    if (ended > 0)
      await this.audit.record('session_revoked', {
        userId: user.id,
        client,
        metadata: { count: ended, others: true },
      });
    return { message: MESSAGES.sessions.othersRevoked, ended };
  }

  /** 'Encerrar': 404 for an unknown id, another user's session, or one already ended. */
  @Delete(':id')
  async revoke(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Client() client: ClientInfo,
  ): Promise<MessageResponse & { current: boolean }> {
    if (!UUID.test(id)) throw notFound('session_not_found', MESSAGES.sessions.notFound);
    const revoked = await this.sessions.revoke(user.id, id, 'user');
    if (!revoked) throw notFound('session_not_found', MESSAGES.sessions.notFound);
    await this.audit.record('session_revoked', {
      userId: user.id,
      client,
      metadata: { sessionId: id, device: revoked.device, ip: revoked.ip },
    });
    return { message: MESSAGES.sessions.revoked, current: id === user.sessionId };
  }
}
