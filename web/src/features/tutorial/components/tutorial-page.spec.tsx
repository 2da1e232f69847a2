import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';

describe('tutorial page', () => {
  it('walks through the steps to Finalizar and Começar Agora, and resets', async () => {
    renderApp('/tutorial');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bem-vindo ao Arbitra' })).toBeDefined();
    const overall = () =>
      screen.getByRole('progressbar', { name: 'Progresso geral' }).getAttribute('aria-valuenow');
    expect(overall()).toBe('0');
    expect(screen.getByRole('button', { name: /Anterior/ }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /^Próximo$/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'O que é arbitragem' })).toBeDefined();
    expect(overall()).toBe('13'); // 1 of 8 done
    expect(screen.getByText('Exemplo ilustrativo: 1 BTC')).toBeDefined();

    const steps = screen.getByRole('navigation', { name: 'Etapas do tutorial' });
    fireEvent.click(within(steps).getByRole('button', { name: /Próximos passos/ }));
    const finish = screen.getByRole('button', { name: /Finalizar/ });
    expect(screen.getByRole('link', { name: /Começar Agora/ }).getAttribute('href')).toBe('/register');
    fireEvent.click(finish);
    expect(overall()).toBe('25'); // steps 1 and 8 done

    fireEvent.click(screen.getByRole('button', { name: 'Reiniciar' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Bem-vindo ao Arbitra' })).toBeDefined();
    expect(overall()).toBe('0');
  });

  it('toggles play and pause', async () => {
    renderApp('/tutorial');
    fireEvent.click(await screen.findByRole('button', { name: 'Reproduzir' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(screen.getByRole('button', { name: 'Reproduzir' })).toBeDefined();
  });
});
