import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { catchError, throwError, type Observable } from 'rxjs';
import { AppError } from '../errors/app-error.js';

/**
 * SPEC §7: the login screen reads `error` on failure. On the routes that use this interceptor,
 * every domain error (validation included: pipes run inside interceptors) also carries `error`.
 */
export class ErrorFieldInterceptor implements NestInterceptor {
  intercept(_ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(
        catchError((e: unknown) =>
          throwError(() => (e instanceof AppError ? e.withExtra({ error: e.message }) : e)),
        ),
      );
  }
}
