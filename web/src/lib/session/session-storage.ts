import { normaliseRole, type SessionUser } from '@arbitra/contracts';

/** Browser storage keys (SPEC §9). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface Session {
  token: string;
  user: SessionUser;
}

/**
 * Validates a user from the server or from storage; the role falls back to 'user'.
 * Hand-written (not zod): this runs on every page at start, and zod would be the largest part of the
 * public pages' first load (issue 17).
 */
export function parseSessionUser(value: unknown): SessionUser {
  if (typeof value !== 'object' || value === null) throw new TypeError('usuário da sessão: objeto esperado');
  const { id, name, email, role } = value as Record<string, unknown>;
  if (typeof id !== 'string' && typeof id !== 'number') throw new TypeError('usuário da sessão: id inválido');
  if (typeof name !== 'string') throw new TypeError('usuário da sessão: nome inválido');
  if (typeof email !== 'string') throw new TypeError('usuário da sessão: email inválido');
  return { id: String(id), name, email, role: normaliseRole(role) };
}

export function clearStoredSession(storage: Storage): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(USER_KEY);
}

export function writeStoredSession(storage: Storage, session: Session): void {
  storage.setItem(TOKEN_KEY, session.token);
  storage.setItem(USER_KEY, JSON.stringify(session.user));
}

/**
 * Reads the stored session (SPEC §4). A user that does not parse clears both keys and logs the error;
 * a token without a user (or the reverse) is cleared as well.
 */
export function readStoredSession(storage: Storage): Session | null {
  const token = storage.getItem(TOKEN_KEY);
  const rawUser = storage.getItem(USER_KEY);
  if (!token || !rawUser) {
    if (token || rawUser) clearStoredSession(storage);
    return null;
  }
  try {
    return { token, user: parseSessionUser(JSON.parse(rawUser)) };
  } catch (error) {
    console.error('Dados de sessão inválidos no armazenamento local; sessão encerrada.', error);
    clearStoredSession(storage);
    return null;
  }
}
