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
  /**
   * A page that refreshes (a timer, a new period): a failed try shows its error above the data last loaded, which
   * stays; the spinner only while there is nothing yet.
   */
  keepData?: boolean;
}

/** Loading spinner, the error with 'Tentar novamente', or the data. */
export function QueryState<T>({ query, fallback, loadingLabel, children, keepData }: QueryStateProps<T>) {
  if (keepData) {
    return (
      <>
        {query.error ? (
          <FormAlert message={errorMessage(query.error, fallback)} onRetry={() => void query.refetch()} />
        ) : null}
        {query.data !== undefined ? (
          children(query.data)
        ) : query.isLoading ? (
          <Spinner label={loadingLabel} />
        ) : null}
      </>
    );
  }
  if (query.isPending) return <Spinner className="py-2" label={loadingLabel} />;
  if (query.isError) {
    return <FormAlert message={errorMessage(query.error, fallback)} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
