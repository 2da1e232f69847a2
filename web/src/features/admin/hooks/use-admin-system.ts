import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../api/admin-api';

/** /api/admin/system, refreshed every 3 s (the Sistema page and the engine of each bot in a user's detail). */
export function useAdminSystem() {
  return useQuery({ queryKey: ['admin', 'system'], queryFn: adminApi.system, refetchInterval: 3_000 });
}

/** Which engine runs each bot now, and since when (from the engines' leases). */
export function useBotEngines(): Map<string, { instanceId: string; since: number }> {
  const system = useAdminSystem();
  const out = new Map<string, { instanceId: string; since: number }>();
  for (const e of system.data?.engines ?? [])
    for (const b of e.bots) out.set(b.id, { instanceId: e.instanceId, since: b.since });
  return out;
}
