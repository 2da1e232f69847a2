import { Clock } from 'lucide-react';

/** Upgrade and cancel arrive with the payments work: the buttons are shown disabled, nothing is pretended. */
export function PaymentsSoonNote() {
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
      <Clock className="size-3.5" aria-hidden />
      Pagamentos em breve
    </p>
  );
}
