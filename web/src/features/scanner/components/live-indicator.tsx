import { Pause, WifiOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** 'Ao vivo' while the socket is up, 'Reconectando…' while it is not, 'Pausado' when the view is frozen. */
export function LiveIndicator({ connected, paused = false }: { connected: boolean; paused?: boolean }) {
  if (paused) {
    return (
      <Badge variant="warning">
        <Pause aria-hidden />
        Pausado
      </Badge>
    );
  }
  if (!connected) {
    return (
      <Badge variant="outline" title="Sem conexão em tempo real: consultando o servidor a cada 5 s">
        <WifiOff aria-hidden />
        Reconectando…
      </Badge>
    );
  }
  return (
    <Badge variant="success">
      <span className="relative flex size-2" aria-hidden>
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-75" />
        <span className="relative inline-flex size-2 rounded-full bg-success" />
      </span>
      Ao vivo
    </Badge>
  );
}
