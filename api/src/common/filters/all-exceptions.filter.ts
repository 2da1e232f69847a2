import { randomUUID } from 'node:crypto';
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { MESSAGES } from '@arbitra/contracts';
import { AppError } from '../errors/app-error.js';

interface ErrorBody {
  message: string;
  code: string;
  details?: Record<string, unknown>;
  correlationId?: string;
}

const STATUS_DEFAULTS: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: MESSAGES.common.invalidRequest },
  401: { code: 'unauthorized', message: MESSAGES.common.unauthorized },
  403: { code: 'forbidden', message: MESSAGES.common.forbidden },
  404: { code: 'not_found', message: MESSAGES.common.notFound },
  413: { code: 'payload_too_large', message: MESSAGES.common.payloadTooLarge },
  429: { code: 'too_many_requests', message: MESSAGES.common.tooManyRequests },
};

/** Body-parser errors carry a `type` and a `status`; Nest's express adapter wraps them in an HttpException's `cause`. */
function bodyParserError(e: unknown, depth = 0): { status: number; type: string } | undefined {
  if (typeof e === 'object' && e !== null && 'type' in e && 'status' in e) {
    const { type, status } = e;
    if (typeof type === 'string' && typeof status === 'number') return { status, type };
  }
  if (depth === 0 && e instanceof Error && e.cause !== undefined) return bodyParserError(e.cause, 1);
  return undefined;
}

/**
 * The one place that turns errors into HTTP answers: `{ message, code }` in pt-BR.
 * Unknown errors are logged with a correlation id and answered 500 without internals.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const { status, body } = this.toResponse(exception, req);
    if (res.headersSent) return;
    if (exception instanceof AppError && exception.headers) {
      for (const [name, value] of Object.entries(exception.headers)) res.setHeader(name, value);
    }
    res.status(status).json(body);
  }

  private toResponse(e: unknown, req: Request): { status: number; body: ErrorBody } {
    if (e instanceof AppError) {
      return {
        status: e.status,
        body: { ...e.extra, message: e.message, code: e.code, ...(e.details ? { details: e.details } : {}) },
      };
    }
    const parser = bodyParserError(e);
    if (parser) {
      if (parser.type === 'entity.parse.failed')
        return { status: 400, body: { message: MESSAGES.common.invalidJson, code: 'invalid_json' } };
      if (parser.type === 'entity.too.large') return { status: 413, body: this.defaults(413) };
      if (parser.status >= 400 && parser.status < 500)
        return { status: parser.status, body: this.defaults(parser.status) };
    }
    if (e instanceof HttpException && e.getStatus() === 503) {
      // Expected while a part is down (e.g. readiness at start-up): answered as such, logged without a stack.
      const response = e.getResponse();
      this.logger.warn({ method: req.method, url: req.originalUrl }, 'service unavailable');
      return {
        status: 503,
        body: {
          ...(typeof response === 'object' && response !== null ? response : {}),
          message: MESSAGES.common.serviceUnavailable,
          code: 'service_unavailable',
        },
      };
    }
    if (e instanceof HttpException) {
      const status = e.getStatus();
      if (status < 500) {
        const response = e.getResponse();
        const given =
          typeof response === 'object' && response !== null && 'message' in response
            ? response.message
            : undefined;
        const base = this.defaults(status);
        // Nest's own messages are English; only keep ones we wrote (pt-BR) via AppError. Route-not-found is ours to phrase.
        return {
          status,
          body: typeof given === 'string' && /[ãçéíóúâêô]/i.test(given) ? { ...base, message: given } : base,
        };
      }
    }
    const correlationId = randomUUID();
    this.logger.error({ err: e, correlationId, method: req.method, url: req.originalUrl }, 'unhandled error');
    return {
      status: 500,
      body: { message: MESSAGES.common.internal, code: 'internal_error', correlationId },
    };
  }

  private defaults(status: number): ErrorBody {
    return STATUS_DEFAULTS[status] ?? { code: `http_${status}`, message: MESSAGES.common.invalidRequest };
  }
}
