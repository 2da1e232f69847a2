import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, openSignedIn, registerSessionByApi, storedToken } from './support/accounts.js';
import { baseUrl, closeBrowser, launchBrowser, screenshot } from './support/browser.js';

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A marker that survives only while the page is not reloaded. */
const markPage = (page: Page) => page.evaluate('window.e2eMark = 42');
const pageMark = (page: Page) => page.evaluate<number | undefined>('window.e2eMark');

describe('payments in Chromium (sandbox provider)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(closeBrowser);

  /** A user who paid Profissional monthly by PIX (sandbox), signed in on Dashboard › Assinatura. */
  const paidProfessional = async (label: string) => {
    const account = newAccount(label);
    const session = await registerSessionByApi(account);
    const { token } = session;
    const p = await api<{ id: string }>(token, 'POST', '/api/payments', {
      planId: 'professional',
      billing: 'monthly',
      method: 'pix',
    });
    await api(token, 'POST', `/api/payments/${p.id}/sandbox`, { action: 'approve' });
    const { page, context } = await openSignedIn(browser, session, { path: '/dashboard?tab=subscription' });
    const card = page.getByRole('region', { name: 'Plano atual' });
    await card.getByText('Ativo').waitFor();
    return { token, page, context, card };
  };

  it('a trial user upgrades to Enterprise yearly with PIX and sees the plan active without reloading', async () => {
    const account = newAccount('pix');
    const { page, context } = await openSignedIn(browser, await registerSessionByApi(account), {
      path: '/payment',
    });
    await markPage(page);

    await page
      .getByRole('button', { name: 'Plano Profissional' })
      .and(page.locator('[aria-pressed="true"]'))
      .waitFor();
    await page.getByRole('button', { name: /^Anual/ }).click();
    await page.getByRole('button', { name: 'Plano Enterprise' }).click();
    const summary = page.getByRole('region', { name: 'Resumo do pedido' });
    await summary
      .getByText(/^R\$\s1\.999,00$/)
      .first()
      .waitFor();
    expect(await summary.getByLabel('Total a pagar').textContent()).toMatch(/1\.999,00/);
    await page
      .getByRole('button', { name: 'Plano Enterprise' })
      .getByText(/Economize 17% \(R\$\s399,80 por ano\)/)
      .waitFor();
    await page.getByRole('radio', { name: 'PIX' }).click();
    await summary.getByRole('button', { name: /Pagar R\$\s1\.999,00/ }).click();

    const pending = page.getByRole('region', { name: 'Pagamento pendente' });
    await pending.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    const code = await pending.getByLabel('PIX copia e cola').inputValue();
    expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    await pending
      .getByLabel('Tempo restante')
      .getByText(/^(29|30):\d{2}$/)
      .waitFor();
    await screenshot(page, 'payment-pix');

    await pending.getByRole('button', { name: 'Simular pagamento aprovado' }).click();
    const done = page.getByRole('status', { name: 'Pagamento confirmado' });
    await done.getByText('Assinatura Enterprise ativada com sucesso!').waitFor({ timeout: 15_000 });
    await done.getByLabel('Plano ativo').getByText('Enterprise').waitFor({ timeout: 15_000 });
    expect(await pageMark(page)).toBe(42);
    await screenshot(page, 'payment-success');

    await done.getByRole('link', { name: 'Ver minha assinatura' }).click();
    const history = page.getByRole('region', { name: 'Histórico de pagamentos' });
    const number = (await history.getByText(/^ARB-\d{4}-\d{6}$/).textContent())!;
    await history.getByText('Aprovado').waitFor();
    // The invoice downloads as a PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: `Baixar a fatura ${number} em PDF` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`fatura-${number}.pdf`);
    const pdf = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of pdf) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await context.close();
  });

  it('a card payment declined by the issuer, then approved (confirmation pushed over the socket)', async () => {
    const account = newAccount('cartao');
    const { page, context } = await openSignedIn(browser, await registerSessionByApi(account), {
      path: '/payment?plan=basic&billing=monthly',
    });
    await markPage(page);

    const number = page.getByLabel('Número do cartão');
    await number.fill('4111111111111112');
    await page.getByLabel('Validade (MM/AA)').fill('1230');
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Nome impresso no cartão').fill('Maria Teste');
    await page.getByText('Número do cartão inválido').waitFor();
    const pay = page
      .getByRole('region', { name: 'Resumo do pedido' })
      .getByRole('button', { name: /Pagar R\$\s49,90/ });
    expect(await pay.isDisabled()).toBe(true);
    await number.fill('4111111111111111');
    expect(await number.inputValue()).toBe('4111 1111 1111 1111');
    await page.getByText('Bandeira: Visa').waitFor();
    expect(await page.getByLabel('Validade (MM/AA)').inputValue()).toBe('12/30');
    await pay.click();

    const pending = page.getByRole('region', { name: 'Pagamento pendente' });
    await pending.getByText('Cartão final 1111: aguardando a resposta do emissor.').waitFor();
    await pending.getByRole('button', { name: 'Simular recusa' }).click();
    await page.getByText('Pagamento recusado pelo emissor do cartão').waitFor();
    await screenshot(page, 'payment-declined');

    await pay.click();
    await pending.getByText('Cartão final 1111: aguardando a resposta do emissor.').waitFor();
    // The issuer answers elsewhere: the sandbox control is called outside this page, which flips by itself.
    const token = (await storedToken(page))!;
    const history = await api<{ id: string; status: string }[]>(token, 'GET', '/api/payments');
    const open = history.find((p) => p.status === 'pending')!;
    await api(token, 'POST', `/api/payments/${open.id}/sandbox`, { action: 'approve' });
    await page.getByText('Assinatura Básico ativada com sucesso!').waitFor({ timeout: 15_000 });
    expect(await pageMark(page)).toBe(42);
    await context.close();
  });

  it('cancels with a confirmation, keeps access, and reactivates', async () => {
    const { token, page, context, card } = await paidProfessional('cancela');
    await card.getByText('Data da próxima cobrança').waitFor();
    await card.getByRole('button', { name: 'Cancelar assinatura' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancelar assinatura?' });
    await dialog.getByText(/Você mantém o acesso ao plano Profissional até/).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar assinatura' }).click();
    await page.getByText('Assinatura cancelada com sucesso.').first().waitFor();
    await card.getByText(/A assinatura será cancelada em/).waitFor();
    await card.getByText('Ativo').waitFor();
    await screenshot(page, 'subscription-canceling');

    await card.getByRole('button', { name: 'Reativar' }).click();
    await card.getByRole('button', { name: 'Cancelar assinatura' }).waitFor();
    expect(await card.getByText(/A assinatura será cancelada em/).count()).toBe(0);
    const sub = await api<{ cancelAtPeriodEnd: boolean; status: string }>(
      token,
      'GET',
      '/api/user/subscription',
    );
    expect(sub).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    await context.close();
  });

  it('refunds the first payment within 7 days from the payment history, after a confirmation', async () => {
    const { token, page, context, card } = await paidProfessional('reembolso');
    const history = page.getByRole('region', { name: 'Histórico de pagamentos' });
    const row = history.getByRole('row').filter({ hasText: 'Profissional (mensal)' });
    await row.getByText('Aprovado').waitFor();
    await row.getByRole('button', { name: 'Solicitar reembolso' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Solicitar reembolso?' });
    await dialog
      .getByText(/Pela garantia de 7 dias .*R\$\s99,90 do plano Profissional voltam para você/)
      .waitFor();
    await screenshot(page, 'payment-refund-confirm');
    // Keeping the plan changes nothing.
    await dialog.getByRole('button', { name: 'Manter o plano' }).click();
    await row.getByText('Aprovado').waitFor();
    await row.getByRole('button', { name: 'Solicitar reembolso' }).click();
    await dialog.getByRole('button', { name: 'Reembolsar e encerrar o plano' }).click();
    await page.getByText('Pagamento reembolsado. O plano foi encerrado.').first().waitFor();
    await row.getByText('Reembolsado').waitFor();
    expect(await row.getByRole('button', { name: 'Solicitar reembolso' }).count()).toBe(0);
    await card.getByText(/Assinatura cancelada: seus bots foram parados/).waitFor();
    // Audited: the user's 'Atividade recente' lists it.
    const audit = await api<{ items: { action: string }[] }>(token, 'GET', '/api/user/audit');
    expect(audit.items.map((e) => e.action)).toContain('payment_refunded');
    await context.close();
  });
});
