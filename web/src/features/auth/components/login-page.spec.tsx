import { MESSAGES } from '@arbitra/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { changeField } from '@/testing/fields';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, json, mockApi } from '@/testing/mock-api';
import { renderApp, TEST_ADMIN, TEST_USER } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The first visit to a lazily loaded page waits for its chunk. */
const NAVIGATION = { timeout: 15_000 };

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Senha');

function fill(values: { email?: string; password?: string }) {
  if (values.email !== undefined) changeField(email(), { target: { value: values.email } });
  if (values.password !== undefined) changeField(password(), { target: { value: values.password } });
}

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('form', { name: 'Entrar' });
  return app;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

describe('/login', () => {
  it("shows 'Entrando...' and disables the button while signing in, then goes to /dashboard", async () => {
    const answer = deferred<Response>();
    const api = mockApi({ 'POST /api/auth/login': () => answer.promise });
    const app = await openLogin();
    fill({ email: ' Maria@Exemplo.com.br ', password: 'senha-segura' });
    fireEvent.click(screen.getByLabelText('Lembrar de mim'));
    submit();

    const button = await screen.findByRole('button', { name: MESSAGES.auth.loggingIn });
    expect(button).toHaveProperty('disabled', true);
    expect(api.bodies('POST /api/auth/login')).toEqual([
      { email: 'maria@exemplo.com.br', password: 'senha-segura', remember: true },
    ]);

    answer.resolve(json(200, { access_token: 'tok-1', user: TEST_USER }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'), NAVIGATION);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toEqual(TEST_USER);
  });

  it('sends an admin to /admin', async () => {
    mockApi({ 'POST /api/auth/login': () => json(200, { access_token: 'tok-a', user: TEST_ADMIN }) });
    const app = await openLogin();
    fill({ email: TEST_ADMIN.email, password: 'admin12345' });
    submit();
    await waitFor(() => expect(app.location()).toBe('/admin'), NAVIGATION);
  });

  it("shows the server's error, and clears it when a field is edited", async () => {
    mockApi({
      'POST /api/auth/login': () =>
        json(401, {
          message: 'Email ou senha incorretos',
          error: 'Email ou senha incorretos',
          code: 'invalid_credentials',
        }),
    });
    await openLogin();
    fill({ email: 'maria@exemplo.com.br', password: 'errada-123' });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Email ou senha incorretos');
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();

    fill({ password: 'errada-1234' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("falls back to 'Erro ao fazer login' when the server sends no text", async () => {
    mockApi({ 'POST /api/auth/login': () => new Response('', { status: 502 }) });
    await openLogin();
    fill({ email: 'maria@exemplo.com.br', password: 'senha-segura' });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.auth.loginError);
  });

  it('checks the fields before calling the server', async () => {
    const api = mockApi({});
    await openLogin();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.auth.emailRequired);
    fill({ email: 'maria@exemplo' });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.auth.emailInvalid);
    fill({ email: 'maria@exemplo.com.br' });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.auth.passwordRequired);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the server cannot be reached, and tries again', async () => {
    let reachable = false;
    mockApi({
      'POST /api/auth/login': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return json(200, { access_token: 'tok-2', user: TEST_USER });
      },
    });
    const app = await openLogin();
    fill({ email: 'maria@exemplo.com.br', password: 'senha-segura' });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.common.connectionError);
    expect(email()).toHaveProperty('value', 'maria@exemplo.com.br');
    expect(password()).toHaveProperty('value', 'senha-segura');
    expect(screen.getByRole('button', { name: 'Entrar' })).toHaveProperty('disabled', false);

    reachable = true;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'), NAVIGATION);
  });

  it('shows and hides the password', async () => {
    await openLogin();
    expect(password()).toHaveProperty('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password()).toHaveProperty('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(password()).toHaveProperty('type', 'password');
  });

  it('links to /forgot-password and /register', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe('/register');
  });
});

describe('/login with two-factor authentication', () => {
  const challenge = {
    twoFactorRequired: true,
    challengeToken: 'desafio-1',
    expiresIn: 300,
    message: MESSAGES.auth.twoFactorRequired,
  };

  async function reachCodeStep() {
    const app = await openLogin();
    fill({ email: 'maria@exemplo.com.br', password: 'senha-segura' });
    submit();
    await screen.findByRole('heading', { name: 'Verificação em duas etapas' });
    return app;
  }

  it('asks for the code, refuses a wrong one, signs in with a right one (or a backup code)', async () => {
    const api = mockApi({
      'POST /api/auth/login': () => json(200, challenge),
      'POST /api/auth/login/2fa': (body) =>
        (body as { code: string }).code === 'ABCDE-FGH23'
          ? json(200, { access_token: 'tok-2fa', user: TEST_USER })
          : json(401, {
              message: MESSAGES.twoFactor.invalidCode,
              error: MESSAGES.twoFactor.invalidCode,
              code: 'invalid_code',
            }),
    });
    const app = await reachCodeStep();
    expect(localStorage.getItem('token')).toBeNull();

    const code = screen.getByLabelText('Código de verificação');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.twoFactor.codeRequired);

    changeField(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.twoFactor.invalidCode);
    expect(app.location()).toBe('/login');

    changeField(code, { target: { value: 'ABCDE-FGH23' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'), NAVIGATION);
    expect(localStorage.getItem('token')).toBe('tok-2fa');
    expect(api.bodies('POST /api/auth/login/2fa')).toEqual([
      { challengeToken: 'desafio-1', code: '123456' },
      { challengeToken: 'desafio-1', code: 'ABCDE-FGH23' },
    ]);
    // The challenge never reaches localStorage.
    expect(JSON.stringify({ ...localStorage })).not.toContain('desafio-1');
  });

  it('goes back to the password step, email kept, when the challenge expired', async () => {
    mockApi({
      'POST /api/auth/login': () => json(200, challenge),
      'POST /api/auth/login/2fa': () =>
        json(401, {
          message: MESSAGES.auth.twoFactorChallengeExpired,
          error: MESSAGES.auth.twoFactorChallengeExpired,
          code: 'two_factor_challenge_expired',
        }),
    });
    await reachCodeStep();
    changeField(screen.getByLabelText('Código de verificação'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await screen.findByRole('form', { name: 'Entrar' });
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.auth.twoFactorChallengeExpired);
    expect(email()).toHaveProperty('value', 'maria@exemplo.com.br');
  });

  it("'Voltar' returns to the password step", async () => {
    mockApi({ 'POST /api/auth/login': () => json(200, challenge) });
    await reachCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    await screen.findByRole('form', { name: 'Entrar' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
