import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  fallback: string;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}

/** Loading spinner, the error with 'Tentar novamente', or the data. */
export function QueryState<T>({ query, fallback, loadingLabel, children }: QueryStateProps<T>) {
  if (query.isPending) return <Spinner className="py-2" label={loadingLabel} />;
  if (query.isError) {
    return <FormAlert message={errorMessage(query.error, fallback)} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
