import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';

/** Injection token for the pino logger (provided by AppModule). */
export const PINO_LOGGER = Symbol('PINO_LOGGER');

/** Keys whose values never reach a log line (ARCHITECTURE conventions §10). */
export const REDACTED_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'access_token',
  'authorization',
  'api_key',
  'api_secret',
  'apiSecret',
  'passphrase',
  'secret',
  'code',
  'challengeToken',
  'confirmPassword',
  'backupCodes',
];

export function createLogger(name: string, level: string): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: [...REDACTED_KEYS, ...REDACTED_KEYS.map((k) => `*.${k}`), 'req.headers.authorization', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  });
}

/** Nest's logger interface over pino, so framework logs are JSON too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
