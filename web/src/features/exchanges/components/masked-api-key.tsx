import type { UserExchange } from '@arbitra/contracts';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** The API key masked (first 4 + last 4), with a reveal/hide toggle. The secret is never shown: the server never sends it. */
export function MaskedApiKey({
  exchange,
}: {
  exchange: Pick<UserExchange, 'api_key' | 'api_key_preview' | 'display_name'>;
}) {
  const [revealed, setRevealed] = useState(false);
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <code className="truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs" data-testid="api-key">
        {revealed ? exchange.api_key : exchange.api_key_preview}
      </code>
      <Button
        variant="ghost"
        size="sm"
        className="h-7 px-2"
        aria-label={`${revealed ? 'Ocultar' : 'Mostrar'} API Key da ${exchange.display_name}`}
        aria-pressed={revealed}
        onClick={() => setRevealed((v) => !v)}
      >
        {revealed ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      </Button>
    </span>
  );
}
