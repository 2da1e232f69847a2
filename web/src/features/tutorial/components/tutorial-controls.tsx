import { ChevronLeft, ChevronRight, Flag, Pause, Play, RotateCcw } from 'lucide-react';
import type { Dispatch } from 'react';
import { Button } from '@/components/ui/button';
import type { TutorialAction, TutorialState } from '../lib/tutorial-state';

interface TutorialControlsProps {
  state: TutorialState;
  isLast: boolean;
  dispatch: Dispatch<TutorialAction>;
}

export function TutorialControls({ state, isLast, dispatch }: TutorialControlsProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={state.playing ? 'Pausar' : 'Reproduzir'}
          onClick={() => dispatch({ type: 'togglePlay' })}
        >
          {state.playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label="Reiniciar"
          onClick={() => dispatch({ type: 'reset' })}
        >
          <RotateCcw aria-hidden />
        </Button>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          disabled={state.current === 0}
          onClick={() => dispatch({ type: 'previous' })}
        >
          <ChevronLeft aria-hidden />
          Anterior
        </Button>
        <Button onClick={() => dispatch({ type: 'next' })}>
          {isLast ? 'Finalizar' : 'Próximo'}
          {isLast ? <Flag aria-hidden /> : <ChevronRight aria-hidden />}
        </Button>
      </div>
    </div>
  );
}
