import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MESSAGES } from '@arbitra/contracts';
import { SessionsService } from './sessions.service.js';
import { IS_PUBLIC } from '../../common/decorators/public.decorator.js';
import { unauthorized } from '../../common/errors/app-error.js';
import { bearerToken, type AppRequest } from '../../common/http/request-context.js';

/**
 * Global (APP_GUARD): every HTTP endpoint needs a live session unless @Public(). The JWT names the
 * session; the session row (not revoked, not expired, user not disabled) decides.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [ctx.getHandler(), ctx.getClass()])) return true;
    const req = ctx.switchToHttp().getRequest<AppRequest>();
    const token = bearerToken(req);
    if (!token) throw unauthorized('unauthorized', MESSAGES.common.unauthorized);
    const auth = await this.sessions.authenticate(token);
    if (!auth) throw unauthorized('unauthorized', MESSAGES.common.unauthorized);
    req.auth = {
      id: auth.id,
      name: auth.name,
      email: auth.email,
      role: auth.role,
      sessionId: auth.sessionId,
    };
    return true;
  }
}
