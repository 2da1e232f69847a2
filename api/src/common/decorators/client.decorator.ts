import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { clientInfoOf, type ClientInfo } from '../http/request-context.js';

/** The caller's IP and user agent. */
export const Client = createParamDecorator((_data: unknown, ctx: ExecutionContext): ClientInfo =>
  clientInfoOf(ctx.switchToHttp().getRequest<Request>()),
);
