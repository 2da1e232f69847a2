import type { ComponentProps, ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './card';

interface SectionCardProps extends Omit<ComponentProps<typeof Card>, 'title'> {
  title: ReactNode;
  /** Right of the title (a button, a link). */
  actions?: ReactNode;
  contentClassName?: string;
}

/** A titled card: the page sections of the dashboard and the admin console. */
export function SectionCard({ title, actions, contentClassName, children, ...card }: SectionCardProps) {
  return (
    <Card {...card}>
      <CardHeader className={actions ? 'flex flex-row items-center justify-between' : undefined}>
        <CardTitle>{title}</CardTitle>
        {actions}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
