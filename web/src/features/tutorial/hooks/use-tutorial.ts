import { useEffect, useMemo, useReducer } from 'react';
import type { TutorialStep } from '../data/tutorial-steps';
import { createTutorialReducer, INITIAL_TUTORIAL_STATE } from '../lib/tutorial-state';

const TICK_MS = 500;

/** The tutorial state plus a timer that advances the current step while playing. */
export function useTutorial(steps: readonly TutorialStep[]) {
  const reducer = useMemo(() => createTutorialReducer(steps.map((s) => s.durationSec)), [steps]);
  const [state, dispatch] = useReducer(reducer, INITIAL_TUTORIAL_STATE);

  useEffect(() => {
    if (!state.playing) return undefined;
    const timer = setInterval(() => dispatch({ type: 'tick', seconds: TICK_MS / 1000 }), TICK_MS);
    return () => clearInterval(timer);
  }, [state.playing]);

  return { state, dispatch };
}
