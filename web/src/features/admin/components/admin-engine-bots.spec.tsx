import type { AdminSystemOverview } from '@arbitra/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { AdminEngineBots } from './admin-engine-bots';

const engine = (instanceId: string, bots: AdminSystemOverview['engines'][number]['bots']) => ({
  instanceId,
  startedAt: '2026-11-28T01:00:00.000Z',
  sentAt: '2026-11-28T01:10:00.000Z',
  marketFeed: 'simulated',
  queueBackend: 'postgres' as const,
  socketBackend: 'postgres' as const,
  ownedBots: bots.length,
  publisher: false,
  members: 2,
  lastSeenMsAgo: 800,
  bots,
});

describe("Sistema: 'Bots por motor'", () => {
  it('lists each bot under the engine that runs it, with its owner and since when', () => {
    const since = Date.UTC(2026, 10, 28, 1, 5, 7);
    render(
      <MemoryRouter>
        <AdminEngineBots
          engines={[
            engine('engine-1', [
              { id: 'b-1', name: 'Robô A', userId: 'u-1', userEmail: 'ana@ex.com', userName: 'Ana', since },
            ]),
            engine('engine-2.r1', [
              { id: 'b-2', name: 'Robô B', userId: 'u-2', userEmail: 'bia@ex.com', userName: 'Bia', since },
            ]),
          ]}
        />
      </MemoryRouter>,
    );
    const rows = within(screen.getByTestId('engine-bots')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['engine-1', 'Robô Ab-1', 'Anaana@ex.com', formatDateTime(since)],
      ['engine-2.r1', 'Robô Bb-2', 'Biabia@ex.com', formatDateTime(since)],
    ]);
    expect(screen.getByRole('link', { name: 'Bia' }).getAttribute('href')).toBe('/admin/users/u-2');
  });

  it('says so when no bot runs', () => {
    render(
      <MemoryRouter>
        <AdminEngineBots engines={[engine('engine-1', [])]} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Nenhum bot em execução.')).toBeTruthy();
  });
});
