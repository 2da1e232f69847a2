import { MESSAGES } from '@arbitra/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { changeField } from '@/testing/fields';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The first visit to a lazily loaded page waits for its chunk. */
const NAVIGATION = { timeout: 15_000 };

describe('/forgot-password', () => {
  it('asks the server, then shows the same confirmation whatever the email', async () => {
    const api = mockApi({
      'POST /api/auth/forgot-password': () => json(200, { message: MESSAGES.auth.forgotPasswordSent }),
    });
    renderApp('/forgot-password');
    changeField(await screen.findByLabelText('Email'), { target: { value: 'Quem@Exemplo.com.br' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar link de redefinição' }));
    expect(await screen.findByRole('heading', { name: 'Verifique seu email' })).toBeDefined();
    expect(screen.getByText(MESSAGES.auth.forgotPasswordSent)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe('/login');
    expect(api.bodies('POST /api/auth/forgot-password')).toEqual([{ email: 'quem@exemplo.com.br' }]);
  });

  it('shows the rate-limit message and keeps the email', async () => {
    mockApi({
      'POST /api/auth/forgot-password': () =>
        json(429, { message: MESSAGES.auth.tooManyResetRequests, code: 'too_many_requests' }),
    });
    renderApp('/forgot-password');
    const email = await screen.findByLabelText('Email');
    changeField(email, { target: { value: 'maria@exemplo.com.br' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar link de redefinição' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.auth.tooManyResetRequests);
    expect(email).toHaveProperty('value', 'maria@exemplo.com.br');
  });
});

describe('/reset-password', () => {
  it('says the link is invalid without a token', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Link inválido' })).toBeDefined();
    expect(screen.getByText(MESSAGES.auth.resetLinkInvalid)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Solicitar um novo link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('says so when the link was used or expired', async () => {
    mockApi({
      'POST /api/auth/reset-password/check': () =>
        json(200, { valid: false, message: MESSAGES.auth.resetLinkInvalid }),
    });
    renderApp('/reset-password?token=usado');
    expect(await screen.findByRole('heading', { name: 'Link inválido' })).toBeDefined();
  });

  it('sets the new password with the register rules, then goes to /login with a toast', async () => {
    const api = mockApi({
      'POST /api/auth/reset-password/check': () => json(200, { valid: true }),
      'POST /api/auth/reset-password': () => json(200, { message: MESSAGES.auth.passwordResetDone }),
    });
    const app = renderApp('/reset-password?token=abc123');
    const password = await screen.findByLabelText('Nova senha');
    const confirmation = screen.getByLabelText('Confirmar nova senha');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));

    changeField(password, { target: { value: 'curta' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.auth.passwordTooShort);

    changeField(password, { target: { value: 'nova-senha-123' } });
    changeField(confirmation, { target: { value: 'nova-senha-12' } });
    expect(screen.getByText(MESSAGES.auth.passwordsDontMatchInline)).toBeDefined();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.auth.passwordsDontMatch);

    changeField(confirmation, { target: { value: 'nova-senha-123' } });
    submit();
    await waitFor(() => expect(app.location()).toBe('/login'), NAVIGATION);
    expect(await screen.findByText(MESSAGES.auth.passwordResetDone)).toBeDefined();
    expect(api.bodies('POST /api/auth/reset-password')).toEqual([
      { token: 'abc123', password: 'nova-senha-123', confirmPassword: 'nova-senha-123' },
    ]);
  });

  it('switches to the invalid-link screen when the server refuses the link on submit', async () => {
    mockApi({
      'POST /api/auth/reset-password/check': () => json(200, { valid: true }),
      'POST /api/auth/reset-password': () =>
        json(400, { message: MESSAGES.auth.resetLinkInvalid, code: 'reset_link_invalid' }),
    });
    renderApp('/reset-password?token=abc123');
    changeField(await screen.findByLabelText('Nova senha'), { target: { value: 'nova-senha-123' } });
    changeField(screen.getByLabelText('Confirmar nova senha'), { target: { value: 'nova-senha-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByRole('heading', { name: 'Link inválido' })).toBeDefined();
  });
});

describe('/confirm-email', () => {
  it('confirms the new address once and says so', async () => {
    const api = mockApi({
      'POST /api/user/email/confirm': () => json(200, { message: MESSAGES.profile.emailChangeConfirmed }),
    });
    renderApp('/confirm-email?token=abc');
    expect(await screen.findByRole('heading', { name: 'Email confirmado' }, NAVIGATION)).toBeDefined();
    expect(screen.getByText(MESSAGES.profile.emailChangeConfirmed)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Entrar com o novo email' }).getAttribute('href')).toBe('/login');
    expect(api.bodies('POST /api/user/email/confirm')).toEqual([{ token: 'abc' }]);
  });

  it('says the link is invalid when it was used, expired or is missing', async () => {
    mockApi({
      'POST /api/user/email/confirm': () =>
        json(400, { message: MESSAGES.profile.emailChangeLinkInvalid, code: 'email_change_link_invalid' }),
    });
    renderApp('/confirm-email?token=usado');
    expect(await screen.findByRole('heading', { name: 'Link inválido' }, NAVIGATION)).toBeDefined();
    expect(screen.getByText(MESSAGES.profile.emailChangeLinkInvalid)).toBeDefined();
  });
});
