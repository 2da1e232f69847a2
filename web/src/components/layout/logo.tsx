import { ArrowLeftRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@/config/routes';
import { cn } from '@/lib/cn';

export function Logo({ className, to = ROUTES.home }: { className?: string; to?: string }) {
  return (
    <Link
      to={to}
      className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight', className)}
    >
      <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <ArrowLeftRight className="size-4" aria-hidden />
      </span>
      Arbitra
    </Link>
  );
}
