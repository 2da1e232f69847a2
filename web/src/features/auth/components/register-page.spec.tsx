import { LEGAL_VERSION, MESSAGES } from '@arbitra/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeField } from '@/testing/fields';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, json, mockApi } from '@/testing/mock-api';
import { renderApp, TEST_USER } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The first visit to a lazily loaded page waits for its chunk. */
const NAVIGATION = { timeout: 15_000 };

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => changeField(field(label), { target: { value } });

async function openRegister() {
  const app = renderApp('/register');
  await screen.findByRole('form', { name: 'Criar conta' });
  return app;
}

function fillValid() {
  type('Nome completo', 'Maria da Silva');
  type('Email', 'maria@exemplo.com.br');
  type('Senha', 'senha-segura');
  type('Confirmar senha', 'senha-segura');
  fireEvent.click(screen.getByRole('checkbox', { name: /Termos de Serviço/ }));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

describe('/register', () => {
  it("shows 'As senhas não coincidem' with a red border while the two passwords differ", async () => {
    await openRegister();
    type('Senha', 'senha-segura');
    expect(screen.queryByText(MESSAGES.auth.passwordsDontMatchInline)).toBeNull();
    type('Confirmar senha', 'senha-seg');
    expect(screen.getByText(MESSAGES.auth.passwordsDontMatchInline)).toBeDefined();
    expect(field('Confirmar senha').getAttribute('aria-invalid')).toBe('true');
    expect(field('Confirmar senha').className).toContain('aria-invalid:border-destructive');
    type('Confirmar senha', 'senha-segura');
    expect(screen.queryByText(MESSAGES.auth.passwordsDontMatchInline)).toBeNull();
    expect(field('Confirmar senha').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows one message at a time, in SPEC order, without calling the server', async () => {
    const api = mockApi({});
    await openRegister();
    const alert = async () => (await screen.findByRole('alert')).textContent;
    submit();
    expect(await alert()).toContain(MESSAGES.auth.nameRequired);
    type('Nome completo', 'Maria');
    submit();
    expect(await alert()).toContain(MESSAGES.auth.emailRequired);
    type('Email', 'maria');
    submit();
    expect(await alert()).toContain(MESSAGES.auth.emailInvalid);
    type('Email', 'maria@exemplo.com.br');
    type('Senha', 'curta');
    submit();
    expect(await alert()).toContain(MESSAGES.auth.passwordTooShort);
    type('Senha', 'senha-segura');
    type('Confirmar senha', 'outra-senha');
    submit();
    expect(await alert()).toContain(MESSAGES.auth.passwordsDontMatch);
    type('Confirmar senha', 'senha-segura');
    submit();
    expect(await alert()).toContain(MESSAGES.auth.termsRequired);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Criando conta...' while submitting, sends name/email/password and the accepted terms version, and lands on /dashboard", async () => {
    const answer = deferred<Response>();
    const api = mockApi({ 'POST /api/auth/register': () => answer.promise });
    const app = await openRegister();
    fillValid();
    submit();
    expect(await screen.findByRole('button', { name: MESSAGES.auth.creatingAccount })).toHaveProperty(
      'disabled',
      true,
    );
    expect(api.bodies('POST /api/auth/register')).toEqual([
      {
        name: 'Maria da Silva',
        email: 'maria@exemplo.com.br',
        password: 'senha-segura',
        termsVersion: LEGAL_VERSION,
      },
    ]);
    answer.resolve(json(201, { user: TEST_USER, token: 'tok-novo' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'), NAVIGATION);
    expect(localStorage.getItem('token')).toBe('tok-novo');
    expect(within(await screen.findByRole('banner')).getByText(TEST_USER.name)).toBeDefined();
  });

  it("shows the server's message (else 'Erro ao criar conta') and clears it on edit", async () => {
    let answer = json(409, { message: MESSAGES.auth.emailTaken, code: 'email_taken' });
    mockApi({ 'POST /api/auth/register': () => answer });
    await openRegister();
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.auth.emailTaken);
    type('Email', 'maria2@exemplo.com.br');
    expect(screen.queryByRole('alert')).toBeNull();

    answer = new Response('', { status: 500 });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.auth.registerError);
  });

  it('keeps what was typed when the server cannot be reached (no pretend account)', async () => {
    mockApi({});
    const app = await openRegister();
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.common.connectionError);
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeDefined();
    expect(field('Nome completo').value).toBe('Maria da Silva');
    expect(field('Email').value).toBe('maria@exemplo.com.br');
    expect(field('Senha').value).toBe('senha-segura');
    expect(app.location()).toBe('/register');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("lists the 'Benefícios inclusos'", async () => {
    await openRegister();
    const benefits = screen.getByRole('region', { name: 'Benefícios inclusos' });
    expect(benefits.textContent).toContain('7 dias grátis');
    expect(benefits.textContent).toContain('Suporte por email (24/7 no Enterprise)');
    expect(benefits.textContent).toContain('Cancele quando quiser');
    expect(field('Senha').placeholder).toBe('Mínimo 8 caracteres');
  });
});
