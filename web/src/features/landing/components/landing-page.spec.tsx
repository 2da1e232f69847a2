import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { PLAN_RESPONSES } from '@/testing/plans';
import { renderApp } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('landing page', () => {
  it('has the hero buttons', async () => {
    renderApp('/');
    expect((await screen.findByRole('link', { name: /Começar Gratuitamente/ })).getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.getByRole('link', { name: /Ver Demo/ }).getAttribute('href')).toBe('/demo');
  });

  it('has the sections the header points to', async () => {
    const { container } = renderApp('/');
    await screen.findByRole('banner');
    for (const id of ['features', 'pricing', 'about', 'contact']) {
      expect(container.querySelector(`section#${id}`)).not.toBeNull();
    }
  });

  it('shows the three plans from GET /api/plans with BRL prices and the popular badge on Profissional', async () => {
    mockApi({
      'GET /api/plans': () => json(200, PLAN_RESPONSES),
    });
    renderApp('/');
    const basic = await screen.findByLabelText('Plano Básico');
    // Intl puts a no-break space after R$; Testing Library normalises it, textContent keeps it.
    expect(within(basic).getByText('R$ 49,90').textContent).toBe('R$\u00a049,90');
    expect(within(basic).getAllByText('/mês')).toHaveLength(1);
    const pro = screen.getByLabelText('Plano Profissional');
    expect(within(pro).getByText('R$ 99,90').textContent).toBe('R$\u00a099,90');
    expect(within(pro).getByText('Mais Popular')).toBeDefined();
    const enterprise = screen.getByLabelText('Plano Enterprise');
    expect(within(enterprise).getByText('R$ 199,90').textContent).toBe('R$\u00a0199,90');
    expect(within(enterprise).queryByText('Mais Popular')).toBeNull();
    expect(
      within(pro)
        .getByRole('link', { name: /7 dias grátis/ })
        .getAttribute('href'),
    ).toBe('/register');
  });

  it('links the help centre cards', async () => {
    renderApp('/');
    await screen.findByRole('banner');
    for (const href of ['/tutorial', '/knowledge-base', '/webinars', '/support']) {
      expect(document.querySelector(`main a[href="${href}"]`)).not.toBeNull();
    }
  });

  it('shows no invented marketing figure', async () => {
    renderApp('/');
    await screen.findByRole('banner');
    const text = document.body.textContent ?? '';
    for (const figure of [
      '2.4M',
      '2,4M',
      '100+',
      '99.9%',
      '99,9%',
      '<50ms',
      '< 50ms',
      '50ms',
      'usuários ativos',
    ]) {
      expect(text).not.toContain(figure);
    }
  });
});
