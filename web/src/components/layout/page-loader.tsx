import { Spinner } from '@/components/ui/spinner';

export function PageLoader() {
  return (
    // As tall as the screen: the footer below does not jump when the page arrives (no layout shift).
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label="Carregando página..." />
    </div>
  );
}
