import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newAccount,
  openSignedIn,
  registerSessionByApi,
  storedToken,
  submitLogin,
  waitForPath,
} from './support/accounts.js';
import { closeBrowser, launchBrowser, screenshot } from './support/browser.js';
import { userMenu } from './support/nav.js';

describe('the Perfil tab in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  it('updates the name, exports the data and deletes the account', async () => {
    const account = newAccount('perfil');
    const { page, context } = await openSignedIn(browser, await registerSessionByApi(account));
    await userMenu(page, 'Perfil');
    const profile = page.getByRole('region', { name: 'Perfil' });

    await profile.getByLabel('Nova senha', { exact: true }).fill('nova-senha-123');
    await profile.getByRole('button', { name: 'Salvar alterações' }).click();
    await profile.getByRole('alert').getByText('Senha atual é obrigatória').waitFor();
    await screenshot(page, 'profile-error');
    await profile.getByLabel('Nova senha', { exact: true }).fill('');

    const newName = `${account.name} Souza`;
    await profile.getByLabel('Nome completo').fill(newName);
    await profile.getByRole('button', { name: 'Salvar alterações' }).click();
    await profile.getByRole('status').getByText('Perfil atualizado com sucesso!').waitFor();
    await page.getByRole('banner').getByText(newName).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      profile.getByRole('button', { name: 'Exportar meus dados' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^arbitra-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as { user: { name: string } };
    expect(exported.user.name).toBe(newName);

    await profile.getByRole('button', { name: 'Excluir conta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir conta' });
    await dialog.getByLabel('Senha').fill('senha-errada-1');
    await dialog.getByRole('button', { name: 'Excluir conta definitivamente' }).click();
    await dialog.getByRole('alert').getByText('Senha incorreta').waitFor();
    await screenshot(page, 'profile-delete');
    await dialog.getByLabel('Senha').fill(account.password);
    await dialog.getByRole('button', { name: 'Excluir conta definitivamente' }).click();
    await waitForPath(page, '/');
    await page.getByRole('link', { name: 'Começar Grátis' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await storedToken(page)).toBeNull();

    await page.goto('/login');
    await submitLogin(page, account.email, account.password);
    await page.getByRole('alert').getByText('Email ou senha incorretos').waitFor();
    await context.close();
  });
});
