import type { ContentKind, PopularContent } from '@arbitra/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from './api-client';

export const popularKeys = { kind: (kind: ContentKind) => ['content', 'popular', kind] as const };

/**
 * Counts one reading of an article or post when its page opens (the api counts each reader once per page and
 * day; a failure is not the reader's problem and is ignored).
 */
export function useRecordView(kind: ContentKind, slug: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!slug) return;
    apiClient
      .post('/api/content/views', { kind, slug }, { auth: false })
      // 'Mais lidos' on the same page includes this reading.
      .then(() => queryClient.invalidateQueries({ queryKey: popularKeys.kind(kind) }))
      .catch(() => undefined);
  }, [kind, slug, queryClient]);
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
