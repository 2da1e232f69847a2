import type { EngineStats } from '@arbitra/contracts';
import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { formatLatencyMs } from './live-figures';

// The first render loads the lazy route: give it time on a cold start.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const STATS: EngineStats = {
  at: Date.UTC(2026, 1, 10, 15, 0, 0),
  source: { kind: 'simulated', simulated: true },
  exchangesWatched: 5,
  pairsWatched: 10,
  marketsWatched: 95,
  detectionLatencyMedianMs: 0.42,
  opportunitiesToday: 1234,
  // 00:00 in São Paulo (UTC−3).
  countingSince: Date.UTC(2026, 1, 10, 3, 0, 0),
  updatesPerSecond: 850,
  activeOpportunities: 3,
};

function stubStats(response: () => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return url.startsWith('/api/stats/public')
        ? response()
        : Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

async function section() {
  return (await screen.findByRole('heading', { name: 'Ao vivo na plataforma' })).closest('section')!;
}

describe('landing live figures', () => {
  it('shows the figures the platform measured, with the simulated badge', async () => {
    stubStats(() => json(STATS));
    renderApp('/');
    await screen.findByText('1.234');
    const box = await section();
    expect(box.textContent).toContain('Exchanges monitoradas5');
    expect(box.textContent).toContain('Pares monitorados10');
    expect(box.textContent).toContain('95 mercados no total');
    expect(box.textContent).toContain('0,42 ms');
    expect(box.textContent).toContain('desde 00:00 (horário de Brasília)');
    expect(box.textContent).toContain('Dados simulados');
  });

  it('says the figures are unavailable on a 503, and shows no number', async () => {
    stubStats(() =>
      json({ message: 'Estatísticas ao vivo indisponíveis no momento', code: 'stats_unavailable' }, 503),
    );
    renderApp('/');
    expect(await screen.findByText('Estatísticas ao vivo indisponíveis no momento')).toBeDefined();
    const box = await section();
    expect(box.textContent).not.toMatch(/\d/);
    expect(box.textContent).not.toContain('Dados simulados');
  });

  it('says the same when the server cannot be reached', async () => {
    stubStats(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/');
    expect(await screen.findByText('Estatísticas ao vivo indisponíveis no momento')).toBeDefined();
  });

  it('formats the latency in pt-BR', () => {
    expect(formatLatencyMs(0.42)).toBe('0,42 ms');
    expect(formatLatencyMs(12.6)).toBe('13 ms');
    expect(formatLatencyMs(1234)).toBe('1.234 ms');
    expect(formatLatencyMs(null)).toBe('—');
  });
});
