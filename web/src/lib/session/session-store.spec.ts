import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './session-store';
import { TOKEN_KEY, USER_KEY } from './session-storage';

const user = { id: '7', name: 'João', email: 'joao@exemplo.com.br', role: 'user' as const };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session store', () => {
  it('starts signed out with nothing stored', () => {
    expect(createSessionStore().getSnapshot()).toBeNull();
  });

  it('reads the stored token and user, with the role falling back to user', () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    localStorage.setItem(
      USER_KEY,
      JSON.stringify({ id: 42, name: 'Ana', email: 'ana@exemplo.com.br', role: 'superuser' }),
    );
    expect(createSessionStore().getSnapshot()).toEqual({
      token: 'abc',
      user: { id: '42', name: 'Ana', email: 'ana@exemplo.com.br', role: 'user' },
    });
  });

  it('keeps the admin role', () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    localStorage.setItem(USER_KEY, JSON.stringify({ ...user, role: 'admin' }));
    expect(createSessionStore().getSnapshot()?.user.role).toBe('admin');
  });

  it('clears both keys and logs when the user does not parse or lacks fields', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const raw of ['não é json', JSON.stringify({ id: '1' }), 'null']) {
      localStorage.setItem(TOKEN_KEY, 'abc');
      localStorage.setItem(USER_KEY, raw);
      expect(createSessionStore().getSnapshot()).toBeNull();
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(localStorage.getItem(USER_KEY)).toBeNull();
    }
    expect(consoleError).toHaveBeenCalledTimes(3);
  });

  it('clears a token stored without a user', () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    expect(createSessionStore().getSnapshot()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('signIn stores token and user; signOut clears them and notifies', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.signIn('tok', user);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '')).toEqual(user);
    expect(store.getToken()).toBe('tok');
    store.signOut();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(store.getSnapshot()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
