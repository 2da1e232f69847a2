import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import type { PublicPlatformSettings } from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';
import { useSocket, useSocketEvent } from '@/lib/socket';

const KEY = ['platform-settings'];

/** The maintenance banner an admin turns on (/admin/settings): read once, then kept live by 'platform:settings'. */
export function MaintenanceBanner() {
  const qc = useQueryClient();
  const socket = useSocket();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => apiClient.get<PublicPlatformSettings>('/api/settings/public', { auth: false }),
    staleTime: Infinity,
  });
  useSocketEvent(socket, 'platform:settings', (s) => qc.setQueryData(KEY, s));
  const m = query.data?.maintenance;
  if (!m?.active) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className="flex items-center gap-2 border-b border-amber-500/40 bg-amber-500/15 px-4 py-2 text-sm text-amber-200"
    >
      <Wrench className="size-4 shrink-0" />
      <span>{m.message || 'Manutenção em andamento'}</span>
    </div>
  );
}
