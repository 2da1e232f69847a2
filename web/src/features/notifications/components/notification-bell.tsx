import type { AppNotification, NotificationListResponse } from '@arbitra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Settings } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { readAgain } from '@/lib/query-client';
import { useReadAgainOnConnect, useSocket, useSocketEvent } from '@/lib/socket';
import { NOTIFICATION_SETTINGS_PATH, notificationKeys, notificationsApi } from '../api/notifications-api';

/** The last 100 notifications kept by the server; the list shows them all, newest first. */
const KEPT = 100;

/**
 * The bell of the signed-in header: the unread count, pushed live ('notification:new' on the user's socket),
 * the list of the last notifications, and 'mark as read' (one, by opening it, or all).
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const socket = useSocket();
  const query = useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => notificationsApi.list(signal),
  });

  // What was created before the socket connected (it opens once the page is idle) or while it was down.
  useReadAgainOnConnect(socket, notificationKeys.list);
  useSocketEvent(socket, 'notification:new', ({ notification, unread }) => {
    // A list still being read may predate this notification and would overwrite it: read it again instead.
    if (queryClient.isFetching({ queryKey: notificationKeys.list }) > 0) {
      void readAgain(queryClient, notificationKeys.list);
      return;
    }
    queryClient.setQueryData<NotificationListResponse>(notificationKeys.list, (before) => ({
      notifications: [
        notification,
        ...(before?.notifications ?? []).filter((n) => n.id !== notification.id),
      ].slice(0, KEPT),
      unread,
    }));
  });

  const markRead = useMutation({
    mutationFn: (id?: string) => (id ? notificationsApi.readOne(id) : notificationsApi.readAll()),
    onSuccess: ({ unread }, id) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<NotificationListResponse>(notificationKeys.list, (before) =>
        before
          ? {
              unread,
              notifications: before.notifications.map((n) =>
                !id || n.id === id ? { ...n, readAt: n.readAt ?? now } : n,
              ),
            }
          : before,
      );
    },
  });

  useEffect(() => {
    if (!open) return undefined;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !panel.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const unread = query.data?.unread ?? 0;
  const items = query.data?.notifications ?? [];

  const openItem = (n: AppNotification) => {
    if (!n.readAt) markRead.mutate(n.id);
    setOpen(false);
    if (n.link) void navigate(n.link);
  };

  return (
    <div className="relative" ref={panel}>
      <Button
        variant="ghost"
        size="sm"
        aria-label={unread > 0 ? `Notificações (${unread} não lidas)` : 'Notificações'}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="relative"
      >
        <Bell aria-hidden />
        {unread > 0 ? (
          <span
            data-testid="notification-count"
            className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      {open ? (
        <div
          role="dialog"
          aria-label="Central de notificações"
          className="fixed inset-x-4 top-16 z-50 rounded-lg border border-border bg-card shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-[22rem]"
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <p className="text-sm font-semibold">Notificações</p>
            <Button
              variant="ghost"
              size="sm"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              Marcar todas como lidas
            </Button>
          </div>
          {query.isError ? (
            <p className="px-4 py-6 text-sm text-destructive">Erro ao carregar as notificações</p>
          ) : items.length === 0 ? (
            <p className="px-4 py-6 text-sm text-muted-foreground">Nenhuma notificação por enquanto.</p>
          ) : (
            <ul className="max-h-96 divide-y divide-border overflow-y-auto">
              {items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => openItem(n)}
                    className={cn(
                      'flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-muted/60',
                      !n.readAt && 'bg-primary/5',
                    )}
                  >
                    <span className="flex items-center gap-2 text-sm font-medium">
                      {!n.readAt ? (
                        <span aria-label="não lida" className="size-2 shrink-0 rounded-full bg-primary" />
                      ) : null}
                      {n.title}
                    </span>
                    <span className="text-xs text-muted-foreground">{n.body}</span>
                    <span className="text-xs text-muted-foreground">{formatDateTime(n.createdAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-border px-4 py-2">
            <Link
              to={NOTIFICATION_SETTINGS_PATH}
              onClick={() => setOpen(false)}
              className="inline-flex items-center gap-1.5 text-sm text-primary hover:underline"
            >
              <Settings aria-hidden className="size-4" />
              Configurar notificações
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
