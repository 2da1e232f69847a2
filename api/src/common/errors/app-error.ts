/**
 * A domain error: a stable code, an HTTP status and a pt-BR message for the user.
 * The global filter turns it into `{ message, code }`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra top-level fields of the answer (e.g. `error` on the login routes, which SPEC's screens read). */
    readonly extra?: Record<string, unknown>,
    /** Extra response headers (e.g. Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  /** The same error with extra top-level fields in its answer. */
  withExtra(extra: Record<string, unknown>): AppError {
    return new AppError(this.status, this.code, this.message, this.details, { ...this.extra, ...extra }, this.headers);
  }
}

export const badRequest = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(400, code, message, details);
export const unauthorized = (code: string, message: string) => new AppError(401, code, message);
export const forbidden = (code: string, message: string) => new AppError(403, code, message);
export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const tooManyRequests = (code: string, message: string, retryAfterSeconds?: number) =>
  retryAfterSeconds === undefined
    ? new AppError(429, code, message)
    : new AppError(429, code, message, { retryAfterSeconds }, undefined, { 'Retry-After': String(retryAfterSeconds) });
