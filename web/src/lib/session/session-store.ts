import type { SessionUser } from '@arbitra/contracts';
import { clearStoredSession, readStoredSession, writeStoredSession, type Session } from './session-storage';

type Listener = () => void;

/** The signed-in session, kept in memory and mirrored to localStorage. */
export class SessionStore {
  private session: Session | null;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly storage: Storage) {
    this.session = readStoredSession(storage);
  }

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): Session | null => this.session;

  getToken(): string | null {
    return this.session?.token ?? null;
  }

  signIn(token: string, user: SessionUser): void {
    this.session = { token, user };
    writeStoredSession(this.storage, this.session);
    this.emit();
  }

  signOut(): void {
    clearStoredSession(this.storage);
    if (this.session === null) return;
    this.session = null;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export function createSessionStore(storage: Storage = window.localStorage): SessionStore {
  return new SessionStore(storage);
}

let appStore: SessionStore | undefined;

/** The application's store, created (and localStorage read) on first use, i.e. at start. */
export function getSessionStore(): SessionStore {
  appStore ??= createSessionStore();
  return appStore;
}
