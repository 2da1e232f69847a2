import { Link } from 'react-router-dom';
import type { AdminSystemOverview } from '@arbitra/contracts';
import { SectionCard } from '@/components/ui/section-card';
import { DataTable } from '@/components/ui/data-table';
import { ROUTES } from '@/config/routes';
import { formatDateTime } from '@/lib/format';

/** The Sistema page's 'Bots por motor': each running bot under the engine that holds its lease, since when. */
export function AdminEngineBots({ engines }: { engines: AdminSystemOverview['engines'] }) {
  const rows = engines.flatMap((e) => e.bots.map((b) => ({ engine: e.instanceId, ...b })));
  return (
    <SectionCard title="Bots por motor" data-testid="engine-bots">
      <DataTable
        label="Bots por motor"
        rows={rows}
        rowKey={(r) => r.id}
        empty="Nenhum bot em execução."
        emptyClassName="py-2"
        columns={[
          { header: 'Motor', cell: (r) => r.engine, lead: 2, className: 'text-xs' },
          {
            header: 'Bot',
            cell: (r) => (
              <>
                {r.name}
                <span className="block font-mono text-xs text-muted-foreground">{r.id}</span>
              </>
            ),
            lead: 1,
            wide: true,
          },
          {
            header: 'Dono',
            cell: (r) => (
              <>
                <Link className="underline" to={`${ROUTES.adminUsers}/${r.userId}`}>
                  {r.userName}
                </Link>
                <span className="block text-xs text-muted-foreground">{r.userEmail}</span>
              </>
            ),
          },
          { header: 'Neste motor desde', cell: (r) => formatDateTime(r.since) },
        ]}
      />
    </SectionCard>
  );
}
