export type Role = 'admin' | 'user';

/** The user as the browser keeps it (SPEC §3): role falls back to 'user'. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export function normaliseRole(value: unknown): Role {
  return value === 'admin' ? 'admin' : 'user';
}
