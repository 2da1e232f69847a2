import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  loginViaUi,
  newAccount,
  registerByApi,
  submitLogin,
  waitForMail,
  storedToken,
  waitForPath,
} from './support/accounts.js';
import { closeBrowser, launchBrowser, newPage, screenshot } from './support/browser.js';
import { goTo, userMenu } from './support/nav.js';

describe('sign-up, sign-in and password recovery in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('registers, lands on /dashboard with the name, signs out, signs in again', async () => {
    const account = newAccount('cadastro');
    const { page, context } = await newPage(browser);
    await page.goto('/register');
    await page.getByLabel('Nome completo').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Senha', { exact: true }).fill(account.password);
    await page.getByLabel('Confirmar senha').fill(`${account.password}x`);
    await page.getByText('As senhas não coincidem').waitFor();
    expect(await page.getByLabel('Confirmar senha').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'register-mismatch');

    await page.getByLabel('Confirmar senha').fill(account.password);
    await page.getByText('As senhas não coincidem').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page
      .getByRole('alert')
      .getByText(/Aceite os Termos de Serviço/)
      .waitFor();
    await page.getByLabel(/Li e aceito os Termos de Serviço/).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('banner').getByText(account.name).waitFor();
    // The first screen is the user's money (DECISIONS §13); the profile is under the user menu.
    await page.getByRole('banner').getByRole('heading', { name: 'Visão geral' }).waitFor();
    await page.getByRole('group', { name: 'Resultado' }).getByText('Desde o início').waitFor();
    await screenshot(page, 'dashboard-overview');
    await userMenu(page, 'Perfil');
    await page.getByRole('region', { name: 'Perfil' }).getByLabel('Email').waitFor();
    expect(await page.getByLabel('Nome completo').inputValue()).toBe(account.name);
    await screenshot(page, 'dashboard-profile');

    await goTo(page, 'Assinatura');
    await page
      .getByRole('region', { name: 'Plano atual' })
      .getByText('Período de teste', { exact: true })
      .waitFor();
    expect(await page.getByRole('region', { name: 'Plano atual' }).innerText()).toContain('7 dias');
    await screenshot(page, 'dashboard-subscription');

    // A signed-in user at /login goes to /dashboard.
    await page.goto('/login');
    await waitForPath(page, '/dashboard');

    await userMenu(page, 'Sair');
    await waitForPath(page, '/login');
    expect(await storedToken(page)).toBeNull();

    await submitLogin(page, account.email, 'senha-errada-123');
    await page.getByRole('alert').getByText('Email ou senha incorretos').waitFor();
    await screenshot(page, 'login-error');
    await page.getByLabel('Senha', { exact: true }).fill(account.password);
    await page.getByRole('alert').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('banner').getByText(account.name).waitFor();
    await context.close();
  });

  it('refuses a duplicate email with a clear message', async () => {
    const account = newAccount('duplicado');
    await registerByApi(account);
    const { page, context } = await newPage(browser);
    await page.goto('/register');
    await page.getByLabel('Nome completo').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Senha', { exact: true }).fill(account.password);
    await page.getByLabel('Confirmar senha').fill(account.password);
    await page.getByLabel(/Li e aceito/).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByRole('alert').getByText('Este email já está cadastrado').waitFor();
    expect(await page.getByLabel('Nome completo').inputValue()).toBe(account.name);
    await screenshot(page, 'register-duplicate');
    await context.close();
  });

  it('signs the seeded admin in to /admin', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('form', { name: 'Entrar' }).waitFor();
    await screenshot(page, 'login');
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await waitForPath(page, '/admin');
    await page.goto('/login');
    await waitForPath(page, '/admin');
    await context.close();
  });

  it('resets a forgotten password through the emailed link', async () => {
    const account = newAccount('recuperacao');
    await registerByApi(account);
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
    await waitForPath(page, '/forgot-password');
    // The page is loaded on demand: until it shows, the router keeps the login form (with its own Email field).
    await page.getByRole('heading', { name: 'Recuperar senha' }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await screenshot(page, 'forgot-password');
    await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
    await page.getByRole('heading', { name: 'Verifique seu email' }).waitFor();
    await screenshot(page, 'forgot-password-sent');

    const mail = await waitForMail(account.email, 'Redefinição de senha - Arbitra');
    const link = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[\w-]+/.exec(
      mail.text ?? mail.html ?? '',
    )?.[0];
    expect(link).toBeDefined();

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Redefinir senha' }).waitFor();
    const newPassword = `${account.password}-nova`;
    await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmar nova senha').fill(`${newPassword}!`);
    await page.getByText('As senhas não coincidem').waitFor();
    await screenshot(page, 'reset-password');
    await page.getByLabel('Confirmar nova senha').fill(newPassword);
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await waitForPath(page, '/login');
    await page.getByText('Senha redefinida com sucesso! Entre com a nova senha.').first().waitFor();
    await screenshot(page, 'reset-password-done');

    await submitLogin(page, account.email, account.password);
    await page.getByRole('alert').getByText('Email ou senha incorretos').waitFor();
    await page.getByLabel('Senha', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await waitForPath(page, '/dashboard');

    // The link works once.
    await userMenu(page, 'Sair');
    await waitForPath(page, '/login');
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Link inválido' }).waitFor();
    await page.getByText('Link inválido ou expirado. Solicite um novo.').waitFor();
    await screenshot(page, 'reset-password-used');
    await context.close();
  });

  it('keeps what was typed and offers to try again when the server cannot be reached', async () => {
    const account = newAccount('offline');
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await submitLogin(page, account.email, account.password);
    await page.getByRole('alert').getByText('Erro de conexão com o servidor').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    expect(await page.getByLabel('Senha', { exact: true }).inputValue()).toBe(account.password);
    await screenshot(page, 'login-offline');
    await page.unroute('**/api/auth/login');
    await registerByApi(account);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it('sends a returning visitor with an existing session straight in', async () => {
    const account = newAccount('retorno');
    await registerByApi(account);
    const { page, context } = await newPage(browser);
    await loginViaUi(page, account.email, account.password);
    await page.goto('/register');
    await waitForPath(page, '/dashboard');
    await context.close();
  });
});
