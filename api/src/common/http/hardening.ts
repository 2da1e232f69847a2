import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { MESSAGES } from '@arbitra/contracts';

/**
 * The Content-Security-Policy of every answer (the web app's HTML included): scripts only from
 * the app's own origin (the Vite build has no inline script), connections (fetch and the socket)
 * only to the origin, no framing. Inline styles stay allowed: toast and chart libraries set them
 * at run time, and a style cannot run code.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
};

/** Origins a payment provider's browser code needs beyond our own (scripts it loads, hosts it calls). */
export interface ExtraSources {
  script: string[];
  connect: string[];
}

/**
 * The browser side of PAYMENTS_PROVIDER=mercadopago: MercadoPago.js v2 is loaded from its SDK address and posts
 * the card to Mercado Pago's API (api.mercadopago.com; the SDK's own origin when tests serve a double).
 */
export function paymentSources(provider: string, sdkUrl: string): ExtraSources {
  if (provider !== 'mercadopago') return { script: [], connect: [] };
  const sdk = new URL(sdkUrl).origin;
  return { script: [sdk], connect: [sdk, 'https://api.mercadopago.com'] };
}

/** helmet with our policy; HSTS (and upgrade-insecure-requests) only in production, where TLS is in front. */
export function securityHeaders(
  production: boolean,
  extra: ExtraSources = { script: [], connect: [] },
): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        'script-src': [...CONTENT_SECURITY_POLICY['script-src'], ...extra.script],
        'connect-src': [...new Set([...CONTENT_SECURITY_POLICY['connect-src'], ...extra.connect])],
        ...(production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * API answers are per user and may carry secrets (2FA setup, backup codes, tokens, exchange keys):
 * no browser or proxy keeps them.
 */
export function noStoreForApi(req: Request, res: Response, next: NextFunction): void {
  if (req.path.startsWith('/api/') || req.path === '/metrics') res.setHeader('Cache-Control', 'no-store');
  next();
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Does the request carry a body (a length above zero, or a chunked one)? */
function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

/** The API speaks JSON only: a body of another type is refused with 415 before anything reads it. */
export function jsonOnly(req: Request, res: Response, next: NextFunction): void {
  if (
    BODY_METHODS.has(req.method) &&
    req.path.startsWith('/api/') &&
    hasBody(req) &&
    !req.is('application/json')
  ) {
    res.status(415).json({ message: MESSAGES.common.unsupportedMediaType, code: 'unsupported_media_type' });
    return;
  }
  next();
}
