import { COMMON_MESSAGES } from '@arbitra/contracts';
import { FlaskConical } from 'lucide-react';
import { Badge } from './badge';

/** Shown wherever market data is simulated (DECISIONS §1): simulated data is never passed off as live. */
export function SimulatedDataBadge({ className }: { className?: string }) {
  return (
    <Badge
      variant="warning"
      className={className}
      title="Os preços exibidos vêm de um mercado simulado, não das exchanges."
    >
      <FlaskConical aria-hidden />
      {COMMON_MESSAGES.simulatedData}
    </Badge>
  );
}
