import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';

interface SectionCardProps extends Omit<ComponentProps<typeof Card>, 'title'> {
  title: ReactNode;
  /** Before the title, in the brand colour. */
  icon?: LucideIcon;
  /** Under the title. */
  description?: ReactNode;
  /** Right of the title (a button, a link); `null` keeps the row for actions that come and go. */
  actions?: ReactNode;
  contentClassName?: string;
}

const ROW = 'flex flex-row items-center justify-between';
const ROW_WITH_DESCRIPTION = 'flex-row flex-wrap items-start justify-between gap-3';

/** A titled card: the page sections of the dashboard, the account pages and the admin console. */
export function SectionCard({
  title,
  icon: Icon,
  description,
  actions,
  contentClassName,
  children,
  ...card
}: SectionCardProps) {
  const heading = (
    <>
      <CardTitle className={Icon ? 'flex items-center gap-2' : undefined}>
        {Icon ? <Icon className="size-5 text-primary" aria-hidden /> : null}
        {title}
      </CardTitle>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </>
  );
  // With actions (even none right now), the title block and the actions share a row.
  const row = actions !== undefined;
  return (
    <Card {...card}>
      <CardHeader className={row ? (description ? ROW_WITH_DESCRIPTION : ROW) : undefined}>
        {row && description ? <div className="flex flex-col gap-1.5">{heading}</div> : heading}
        {actions}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
