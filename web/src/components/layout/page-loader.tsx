import { Spinner } from '@/components/ui/spinner';

export function PageLoader() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label="Carregando página..." />
    </div>
  );
}
