import type { Request } from 'express';
import type { Role } from '@arbitra/contracts';
import type { OwnerId } from '@arbitra/db';

/** The signed-in user of a request, as the auth guard found it (JWT + live session row). */
export interface AuthenticatedUser {
  /** The owner every owned repository query of the request takes (packages/db tenancy.ts). */
  id: OwnerId;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
}

/** Where a request came from, for sessions, audit and rate limits. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface AppRequest extends Request {
  auth?: AuthenticatedUser;
}

export function clientInfoOf(req: Request): ClientInfo {
  const ua = req.headers['user-agent'];
  return {
    ip: (req.ip ?? req.socket.remoteAddress ?? null)?.slice(0, 64) ?? null,
    userAgent: typeof ua === 'string' && ua.length > 0 ? ua.slice(0, 512) : null,
  };
}

/** The bearer token of an Authorization header, if any. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? null;
}
