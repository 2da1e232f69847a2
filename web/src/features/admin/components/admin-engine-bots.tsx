import { Link } from 'react-router-dom';
import type { AdminSystemOverview } from '@arbitra/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ROUTES } from '@/config/routes';
import { formatDateTime } from '@/lib/format';

/** The Sistema page's 'Bots por motor': each running bot under the engine that holds its lease, since when. */
export function AdminEngineBots({ engines }: { engines: AdminSystemOverview['engines'] }) {
  const rows = engines.flatMap((e) => e.bots.map((b) => ({ engine: e.instanceId, ...b })));
  return (
    <Card data-testid="engine-bots">
      <CardHeader>
        <CardTitle>Bots por motor</CardTitle>
      </CardHeader>
      <CardContent>
        <Table cards aria-label="Bots por motor">
          <TableHeader>
            <TableRow>
              <TableHead>Motor</TableHead>
              <TableHead>Bot</TableHead>
              <TableHead>Dono</TableHead>
              <TableHead>Neste motor desde</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell label="Motor" lead={2} className="text-xs">
                  {r.engine}
                </TableCell>
                <TableCell label="Bot" lead={1} wide>
                  {r.name}
                  <span className="block font-mono text-xs text-muted-foreground">{r.id}</span>
                </TableCell>
                <TableCell label="Dono">
                  <Link className="underline" to={`${ROUTES.adminUsers}/${r.userId}`}>
                    {r.userName}
                  </Link>
                  <span className="block text-xs text-muted-foreground">{r.userEmail}</span>
                </TableCell>
                <TableCell label="Neste motor desde">{formatDateTime(r.since)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {rows.length === 0 ? (
          <p className="py-2 text-sm text-muted-foreground">Nenhum bot em execução.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
