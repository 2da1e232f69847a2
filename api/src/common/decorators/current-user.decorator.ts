import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { MESSAGES } from '@arbitra/contracts';
import { unauthorized } from '../errors/app-error.js';
import type { AppRequest, AuthenticatedUser } from '../http/request-context.js';

/** The signed-in user (with the session id) of a non-@Public endpoint. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthenticatedUser => {
    const req = ctx.switchToHttp().getRequest<AppRequest>();
    if (!req.auth) throw unauthorized('unauthorized', MESSAGES.common.unauthorized);
    return req.auth;
  },
);
