import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

interface LinkCardProps {
  /** The page the card opens. */
  to: string;
  title: string;
  /** The badges above the title (category, type, 'Destaque'). */
  badges: ReactNode;
  description: string;
  /** The line of details at the bottom (author, date, reading time). */
  meta: ReactNode;
  /** The card's own look (a featured one), added to the frame. */
  className?: string | false;
  titleClassName: string;
  contentClassName: string;
  descriptionClassName?: string;
  metaClassName: string;
}

/** A card of a list of pages (a blog post, a help article): the whole card opens the page. */
export function LinkCard(props: LinkCardProps) {
  return (
    <Card
      className={cn(
        'relative flex h-full flex-col transition-colors hover:border-primary/60',
        props.className,
      )}
    >
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">{props.badges}</div>
        <CardTitle className={props.titleClassName}>
          {/* The link's area covers the card. */}
          <Link to={props.to} className="after:absolute after:inset-0">
            {props.title}
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent className={cn('flex flex-1 flex-col justify-between', props.contentClassName)}>
        <CardDescription className={props.descriptionClassName}>{props.description}</CardDescription>
        <p className={cn('text-xs text-muted-foreground', props.metaClassName)}>{props.meta}</p>
      </CardContent>
    </Card>
  );
}
