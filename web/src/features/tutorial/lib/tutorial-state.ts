/** The tutorial's state machine (SPEC §4), pure so it can be unit-tested. */
export interface TutorialState {
  current: number;
  /** Indexes of completed steps, ascending. */
  done: readonly number[];
  /** Progress of the current step, 0–100. */
  stepProgress: number;
  playing: boolean;
}

export type TutorialAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; index: number }
  | { type: 'togglePlay' }
  | { type: 'tick'; seconds: number }
  | { type: 'reset' };

export type StepStatus = 'done' | 'current' | 'pending';

export const INITIAL_TUTORIAL_STATE: TutorialState = {
  current: 0,
  done: [],
  stepProgress: 0,
  playing: false,
};

function markDone(done: readonly number[], index: number): readonly number[] {
  return done.includes(index) ? done : [...done, index].sort((a, b) => a - b);
}

/** Builds the reducer for steps of the given durations (seconds). */
export function createTutorialReducer(durationsSec: readonly number[]) {
  const last = durationsSec.length - 1;

  return function reducer(state: TutorialState, action: TutorialAction): TutorialState {
    switch (action.type) {
      case 'next': {
        const done = markDone(state.done, state.current);
        if (state.current >= last) return { ...state, done, stepProgress: 100, playing: false };
        return { ...state, done, current: state.current + 1, stepProgress: 0 };
      }
      case 'previous':
        return state.current === 0 ? state : { ...state, current: state.current - 1, stepProgress: 0 };
      case 'goTo': {
        const index = Math.min(Math.max(action.index, 0), last);
        return index === state.current ? state : { ...state, current: index, stepProgress: 0 };
      }
      case 'togglePlay':
        return { ...state, playing: !state.playing };
      case 'tick': {
        if (!state.playing) return state;
        const duration = durationsSec[state.current] ?? 1;
        const stepProgress = state.stepProgress + (100 * action.seconds) / duration;
        if (stepProgress >= 100) return reducer(state, { type: 'next' });
        return { ...state, stepProgress };
      }
      case 'reset':
        return INITIAL_TUTORIAL_STATE;
    }
  };
}

/** Overall percentage: (done steps + progress of the current step / 100) / total, never above 100. */
export function overallProgress(state: TutorialState, total: number): number {
  if (total <= 0) return 0;
  const partial = state.done.includes(state.current) ? 0 : state.stepProgress / 100;
  return Math.min(100, ((state.done.length + partial) / total) * 100);
}

export function stepStatus(state: TutorialState, index: number): StepStatus {
  if (state.done.includes(index)) return 'done';
  return index === state.current ? 'current' : 'pending';
}

export function isLastStep(state: TutorialState, total: number): boolean {
  return state.current === total - 1;
}
