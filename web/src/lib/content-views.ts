import type { ContentKind, PopularContent } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from './api-client';

export const popularKeys = { kind: (kind: ContentKind) => ['content', 'popular', kind] as const };

/**
 * Counts one reading of an article or post when its page opens (the api counts each reader once per page and
 * day; a failure is not the reader's problem and is ignored).
 */
export function useRecordView(kind: ContentKind, slug: string | null): void {
  useEffect(() => {
    if (!slug) return;
    apiClient.post('/api/content/views', { kind, slug }, { auth: false }).catch(() => undefined);
  }, [kind, slug]);
}

/** 'Mais lidos': the most read articles or posts, measured from the page views. */
export function usePopular(kind: ContentKind) {
  return useQuery({
    queryKey: popularKeys.kind(kind),
    queryFn: ({ signal }) =>
      apiClient.get<PopularContent>('/api/content/popular', { query: { kind }, signal, auth: false }),
    staleTime: 60_000,
  });
}
