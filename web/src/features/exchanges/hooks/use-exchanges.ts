import type { ExchangeValidatedEvent, UserExchange } from '@arbitra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useReadAgainOnConnect, useSocket, useSocketEvent } from '@/lib/socket';
import { exchangeKeys, exchangesApi, type ExchangeRequestBody } from '../api/exchanges-api';

/** While a check is pending, the list is also refetched now and then (in case a socket event was missed). */
const PENDING_REFETCH_MS = 5_000;

export function useSupportedExchanges() {
  return useQuery({
    queryKey: exchangeKeys.supported,
    queryFn: ({ signal }) => exchangesApi.supported(signal),
    staleTime: Infinity,
  });
}

export function usePlanExchangeInfo() {
  return useQuery({
    queryKey: exchangeKeys.planInfo,
    queryFn: ({ signal }) => exchangesApi.planInfo(signal),
  });
}

/** Merges a check's result into the cached list. */
export function applyValidation(
  list: UserExchange[] | undefined,
  event: ExchangeValidatedEvent,
): UserExchange[] | undefined {
  return list?.map((item) => (item.id === event.id ? { ...item, ...event } : item));
}

/**
 * The user's credentials; the result of each check arrives live ('exchange:validated' on the
 * user's room) and is written into the TanStack Query cache.
 */
export function useUserExchanges() {
  const queryClient = useQueryClient();
  const socket = useSocket();
  useSocketEvent(socket, 'exchange:validated', (event) => {
    queryClient.setQueryData<UserExchange[]>(exchangeKeys.list, (list) => applyValidation(list, event));
  });
  useReadAgainOnConnect(socket, exchangeKeys.list);
  return useQuery({
    queryKey: exchangeKeys.list,
    queryFn: ({ signal }) => exchangesApi.list(signal),
    refetchInterval: (query) =>
      query.state.data?.some((e) => e.validation_status === 'pending') ? PENDING_REFETCH_MS : false,
  });
}

function useReplaceInList() {
  const queryClient = useQueryClient();
  return useCallback(
    (exchange: UserExchange) => {
      queryClient.setQueryData<UserExchange[]>(exchangeKeys.list, (list) => {
        if (!list) return [exchange];
        return list.some((e) => e.id === exchange.id)
          ? list.map((e) => (e.id === exchange.id ? exchange : e))
          : [...list, exchange];
      });
    },
    [queryClient],
  );
}

export function useSaveExchange() {
  const queryClient = useQueryClient();
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ExchangeRequestBody }) =>
      id ? exchangesApi.update(id, body) : exchangesApi.create(body),
    onSuccess: (result) => {
      replace(result.exchange);
      void queryClient.invalidateQueries({ queryKey: exchangeKeys.planInfo });
    },
  });
}

export function useToggleExchange() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => exchangesApi.toggle(id, isActive),
    onSuccess: (result) => replace(result.exchange),
  });
}

export function useRemoveExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => exchangesApi.remove(id),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<UserExchange[]>(exchangeKeys.list, (list) => list?.filter((e) => e.id !== id));
      void queryClient.invalidateQueries({ queryKey: exchangeKeys.planInfo });
    },
  });
}

export function useRevalidateExchange() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: (id: string) => exchangesApi.revalidate(id),
    onSuccess: (result) => replace(result.exchange),
  });
}
