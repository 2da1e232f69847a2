import { fireEvent, screen, within } from '@testing-library/react';
import { changeField } from '@/testing/fields';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';

describe('knowledge base page', () => {
  it('shows featured articles only for all categories with no search, and the empty state', async () => {
    renderApp('/knowledge-base');
    // The first render loads the page's lazy chunk: generous on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Em destaque' }, { timeout: 30_000 })).toBeDefined();
    expect(screen.getByText('14 artigos encontrados')).toBeDefined();

    fireEvent.click(
      within(screen.getByRole('group', { name: 'Categorias' })).getByRole('button', { name: 'Segurança' }),
    );
    expect(screen.queryByRole('heading', { name: 'Em destaque' })).toBeNull();
    expect(screen.getByText('2 artigos encontrados')).toBeDefined();

    changeField(screen.getByRole('searchbox', { name: 'Buscar artigos' }), {
      target: { value: 'nada a ver com nada' },
    });
    expect(screen.getByText('Nenhum artigo encontrado')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Criar conta grátis' }).getAttribute('href')).toBe('/register');
  });
});
