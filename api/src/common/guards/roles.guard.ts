import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MESSAGES, type Role } from '@arbitra/contracts';
import { ROLES } from '../decorators/roles.decorator.js';
import { forbidden, unauthorized } from '../errors/app-error.js';
import type { AppRequest } from '../http/request-context.js';

/** Global, after AuthGuard: @Roles('admin') endpoints answer 403 to anyone else. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, [
      ctx.getHandler(),
      ctx.getClass(),
    ]);
    if (!roles || roles.length === 0) return true;
    const req = ctx.switchToHttp().getRequest<AppRequest>();
    if (!req.auth) throw unauthorized('unauthorized', MESSAGES.common.unauthorized);
    if (!roles.includes(req.auth.role)) throw forbidden('forbidden', MESSAGES.admin.forbidden);
    return true;
  }
}
