import type { FeedStatus } from '@arbitra/contracts';

/** How the screens name the state of an exchange's feed (the scanner's grid and the status page). */
export const FEED_STATUS_LABELS: Readonly<Record<FeedStatus, string>> = {
  up: 'Online',
  degraded: 'Degradado',
  connecting: 'Conectando',
  down: 'Offline',
};

/** The badge variant for each feed state. */
export const FEED_STATUS_VARIANTS = {
  up: 'success',
  degraded: 'warning',
  connecting: 'secondary',
  down: 'destructive',
} as const satisfies Record<FeedStatus, 'success' | 'warning' | 'secondary' | 'destructive'>;
