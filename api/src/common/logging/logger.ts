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

/**
 * JSON lines on stdout, each written as it is logged (`sync`), as console output to a pipe is on Linux. pino's
 * default asynchronous destination flushes what is queued when the process exits, retrying without end when stdout
 * has no reader any more (EPIPE: `npm start`'s launcher was killed): the api then never exited (seen after a test
 * run, an orphan blocked in process.exit for over an hour). api/test/logger-exit.test.ts.
 */
export function createLogger(name: string, level: string): Logger {
  return pino(
    {
      name,
      level,
      redact: {
        paths: [...REDACTED_KEYS, ...REDACTED_KEYS.map((k) => `*.${k}`), 'req.headers.authorization', 'req.headers.cookie'],
        censor: '[redacted]',
      },
    },
    pino.destination({ dest: 1, sync: true }),
  );
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
