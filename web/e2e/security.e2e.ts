import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginByApi,
  logoutByApi,
  newAccount,
  openSignedIn,
  registerByApi,
  registerSessionByApi,
  storedToken,
  submitLogin,
  totp,
  waitForPath,
  wrongTotp,
} from './support/accounts.js';
import { closeBrowser, launchBrowser, screenshot } from './support/browser.js';
import { goTo, userMenu } from './support/nav.js';

describe('the security page in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('turns two-factor on, then asks for the code at login: a wrong one is refused, a right one signs in', async () => {
    const account = newAccount('2fa');
    const { page, context } = await openSignedIn(browser, await registerSessionByApi(account), {
      path: '/security',
    });
    await page.getByRole('group', { name: 'Status de segurança' }).getByText('Média').waitFor();
    const toggle = page.getByRole('switch', { name: 'Verificação em duas etapas' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await screenshot(page, 'security');

    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Ativar autenticação em dois fatores' });
    await dialog.getByRole('img', { name: 'QR code para o aplicativo autenticador' }).waitFor();
    const secret = (await dialog.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await screenshot(page, 'security-2fa-setup');
    await dialog.getByLabel('Código de 6 dígitos').fill(await wrongTotp(secret));
    await dialog.getByRole('button', { name: 'Ativar' }).click();
    await dialog.getByRole('alert').getByText('Código inválido. Tente novamente.').waitFor();
    await dialog.getByLabel('Código de 6 dígitos').fill(await totp(secret));
    await dialog.getByRole('button', { name: 'Ativar' }).click();

    const codesDialog = page.getByRole('dialog', { name: 'Guarde seus códigos de backup' });
    await codesDialog.getByRole('list', { name: 'Códigos de backup' }).waitFor();
    const codes = await codesDialog
      .getByRole('list', { name: 'Códigos de backup' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(codes).toHaveLength(10);
    await screenshot(page, 'security-2fa-backup-codes');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      codesDialog.getByRole('button', { name: 'Baixar códigos (.txt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^arbitra-codigos-de-backup-\d{4}-\d{2}-\d{2}\.txt$/);
    const text = readFileSync(await download.path(), 'utf8');
    for (const code of codes) expect(text).toContain(code);
    await page.getByText('Códigos de backup baixados!').first().waitFor();
    await codesDialog.getByRole('button', { name: 'Concluir' }).click();
    await codesDialog.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('group', { name: 'Status de segurança' }).getByText('Forte').waitFor();
    await page
      .getByRole('table', { name: 'Atividade recente' })
      .getByText('Autenticação em dois fatores ativada')
      .waitFor();
    await screenshot(page, 'security-2fa-on');

    await userMenu(page, 'Sair');
    await waitForPath(page, '/login');
    await submitLogin(page, account.email, account.password);
    await page.getByRole('heading', { name: 'Verificação em duas etapas' }).waitFor();
    await page.getByLabel('Código de verificação').fill(await wrongTotp(secret));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByRole('alert').getByText('Código inválido. Tente novamente.').waitFor();
    await screenshot(page, 'login-2fa-wrong-code');
    expect(new URL(page.url()).pathname).toBe('/login');
    // The step after the one used to switch it on: each code works once.
    await page.getByLabel('Código de verificação').fill(await totp(secret, 30));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await waitForPath(page, '/dashboard');

    // A backup code signs in too (once).
    await userMenu(page, 'Sair');
    await waitForPath(page, '/login');
    await submitLogin(page, account.email, account.password);
    await page.getByLabel('Código de verificação').fill(codes[0]!.toLowerCase());
    await page.getByRole('button', { name: 'Verificar' }).click();
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it("ends another browser's session: its next call sends it to /login", async () => {
    const account = newAccount('sessoes');
    // Registering opens a session too: end it, so the page lists this browser and the other one.
    await logoutByApi(await registerByApi(account));
    const other = await openSignedIn(browser, await loginByApi(account.email, account.password));
    const mine = await openSignedIn(browser, await loginByApi(account.email, account.password), {
      path: '/security',
    });

    const sessions = mine.page.getByRole('listitem', { name: /^Sessão:/ });
    await expect.poll(() => sessions.count()).toBe(2);
    const current = sessions.filter({ hasText: 'Sessão atual' });
    expect(await current.count()).toBe(1);
    expect(await current.getByRole('button', { name: 'Encerrar' }).count()).toBe(0);
    await mine.page.getByRole('group', { name: 'Sessões ativas' }).getByText('2', { exact: true }).waitFor();
    await screenshot(mine.page, 'security-sessions');

    await sessions.filter({ hasNotText: 'Sessão atual' }).getByRole('button', { name: 'Encerrar' }).click();
    await mine.page.getByText('Sessão encerrada', { exact: true }).first().waitFor();
    await expect.poll(() => sessions.count()).toBe(1);

    await goTo(other.page, 'Assinatura');
    await waitForPath(other.page, '/login');
    expect(await storedToken(other.page)).toBeNull();
    await mine.context.close();
    await other.context.close();
  });

  it('changes the password on the server and saves notification choices', async () => {
    const account = newAccount('senha');
    const { page, context } = await openSignedIn(browser, await registerSessionByApi(account), {
      path: '/security',
    });
    const form = page.getByRole('form', { name: 'Alterar senha' });
    await form.getByLabel('Senha atual').fill(account.password);
    await form.getByLabel('Nova senha', { exact: true }).fill('outra-senha-123');
    await form.getByLabel('Confirmar nova senha').fill('outra-senha-456');
    await form.getByRole('button', { name: 'Alterar senha' }).click();
    await form.getByRole('alert').getByText('As senhas não coincidem').waitFor();
    await form.getByLabel('Confirmar nova senha').fill('outra-senha-123');
    await form.getByRole('button', { name: 'Alterar senha' }).click();
    await form.getByRole('status').getByText('Senha alterada com sucesso!').waitFor();
    expect(await form.getByLabel('Senha atual').inputValue()).toBe('');

    // The notification settings: their own entry of the navigation (DECISIONS §13).
    await goTo(page, 'Notificações');
    await page.getByRole('region', { name: 'Notificações', exact: true }).waitFor();
    // SMS is not offered (no provider): the page says so instead of a switch that would store nothing.
    await page.getByText('Não oferecido: ainda não temos um provedor de SMS.', { exact: false }).waitFor();
    expect(await page.getByRole('switch', { name: 'Notificações por SMS' }).count()).toBe(0);
    const trading = page.getByRole('switch', { name: 'Alertas de trading' });
    const before = await trading.getAttribute('aria-checked');
    await trading.click();
    await page.getByText('Preferências de notificação salvas').first().waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Alertas de trading' }).getAttribute('aria-checked'))
      .toBe(before === 'true' ? 'false' : 'true');

    // The security page on a phone.
    await page.goto('/security');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('group', { name: 'Status de segurança' }).waitFor();
    await screenshot(page, 'security-mobile');

    await userMenu(page, 'Sair');
    await waitForPath(page, '/login');
    await submitLogin(page, account.email, 'outra-senha-123');
    await waitForPath(page, '/dashboard');
    await context.close();
  });
});
