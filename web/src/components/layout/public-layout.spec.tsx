import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';

describe('public layout', () => {
  it('has the logo, the section anchors and the Entrar / Começar Grátis buttons on the landing page', async () => {
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Arbitra' }).getAttribute('href')).toBe('/');
    const sections = within(header).getByRole('navigation', { name: 'Seções' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#features', '#pricing', '#about', '#contact']);
    expect(within(header).getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login');
    expect(within(header).getByRole('link', { name: 'Começar Grátis' }).getAttribute('href')).toBe(
      '/register',
    );
  });

  it('points the anchors back to the landing page from other pages', async () => {
    renderApp('/about');
    const sections = within(await screen.findByRole('banner')).getByRole('navigation', { name: 'Seções' });
    expect(within(sections).getByRole('link', { name: 'Preços' }).getAttribute('href')).toBe('/#pricing');
  });

  it('opens and closes the mobile menu', async () => {
    renderApp('/');
    const open = await screen.findByRole('button', { name: 'Abrir menu' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    fireEvent.click(open);
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Recursos' })).toBeDefined();
    const close = screen.getByRole('button', { name: 'Fechar menu' });
    expect(close.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(close);
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toBeDefined();
  });

  it('links the footer to the product, company and support pages in Portuguese', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    const expected: [string, string][] = [
      ['Demo', '/demo'],
      ['API', '/api'],
      ['Sobre', '/about'],
      ['Carreiras', '/careers'],
      ['Imprensa', '/press'],
      ['Contato', '/contact'],
      ['Ajuda', '/help'],
      ['Documentação', '/docs'],
      ['Status', '/status'],
    ];
    for (const [label, href] of expected) {
      expect(within(footer).getByRole('link', { name: label }).getAttribute('href')).toBe(href);
    }
  });
});
