export { SessionProvider } from './session-provider';
export { useSession, type SessionValue } from './use-session';
export { useSignOut } from './use-sign-out';
export { createSessionStore, getSessionStore, SessionStore } from './session-store';
export { parseSessionUser, TOKEN_KEY, USER_KEY, type Session } from './session-storage';
