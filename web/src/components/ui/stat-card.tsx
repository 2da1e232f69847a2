import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card, CardContent, CardHeader, CardTitle } from './card';

/** A figure in a card, its name as the small title above it; `compact` for a grid of many (a simulation's totals). */
export function StatCard({
  label,
  children,
  compact = false,
}: {
  label: ReactNode;
  children: ReactNode;
  compact?: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className={cn(compact ? 'text-xs' : 'text-sm', 'text-muted-foreground')}>
          {label}
        </CardTitle>
      </CardHeader>
      <CardContent className={compact ? 'text-lg font-semibold' : 'text-xl font-semibold sm:text-2xl'}>
        {children}
      </CardContent>
    </Card>
  );
}
