import { Pause, WifiOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { SocketStatus } from '../hooks/use-socket-connected';

/**
 * 'Ao vivo' while the socket is up, 'Conectando…' before its first connection, 'Reconectando…' after a drop,
 * 'Pausado' when the view is frozen.
 */
export function LiveIndicator({ status, paused = false }: { status: SocketStatus; paused?: boolean }) {
  if (paused) {
    return (
      <Badge variant="warning">
        <Pause aria-hidden />
        Pausado
      </Badge>
    );
  }
  if (status === 'connecting') {
    return (
      <Badge variant="outline">
        <WifiOff aria-hidden />
        Conectando…
      </Badge>
    );
  }
  if (status === 'reconnecting') {
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
