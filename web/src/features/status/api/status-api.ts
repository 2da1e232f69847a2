import type { StatusReport } from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';

/** GET /api/status (public): api, engine, database, queue, every exchange feed and the market source. */
export function fetchStatusReport(signal?: AbortSignal): Promise<StatusReport> {
  return apiClient.get<StatusReport>('/api/status', { signal, auth: false });
}
