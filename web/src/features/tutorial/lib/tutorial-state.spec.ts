import { describe, expect, it } from 'vitest';
import { TUTORIAL_STEPS } from '../data/tutorial-steps';
import {
  createTutorialReducer,
  INITIAL_TUTORIAL_STATE,
  overallProgress,
  stepStatus,
  type TutorialAction,
  type TutorialState,
} from './tutorial-state';

const durations = [30, 60, 90, 75, 75, 60, 45, 30];
const reducer = createTutorialReducer(durations);
const run = (...actions: TutorialAction[]) => actions.reduce<TutorialState>(reducer, INITIAL_TUTORIAL_STATE);
const next = { type: 'next' } as const;

describe('tutorial steps', () => {
  it('has eight steps of 30 to 90 s, one per content type', () => {
    expect(TUTORIAL_STEPS).toHaveLength(8);
    expect(TUTORIAL_STEPS.map((s) => s.content.type)).toEqual([
      'intro',
      'concept',
      'setup',
      'bot-creation',
      'strategies',
      'risk-management',
      'analytics',
      'next-steps',
    ]);
    for (const step of TUTORIAL_STEPS) {
      expect(step.durationSec).toBeGreaterThanOrEqual(30);
      expect(step.durationSec).toBeLessThanOrEqual(90);
    }
  });
});

describe('tutorial reducer', () => {
  it('Próximo marks the current step done and advances', () => {
    const state = run(next, next);
    expect(state).toMatchObject({ current: 2, done: [0, 1], stepProgress: 0 });
    expect([0, 1, 2, 3].map((i) => stepStatus(state, i))).toEqual(['done', 'done', 'current', 'pending']);
  });

  it('Finalizar on the last step marks it done, sets 100 and stops playing', () => {
    const state = run({ type: 'goTo', index: 7 }, { type: 'togglePlay' }, next);
    expect(state).toMatchObject({ current: 7, done: [7], stepProgress: 100, playing: false });
    const all = run(...Array.from({ length: 8 }, () => next));
    expect(all.done).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(overallProgress(all, 8)).toBe(100);
  });

  it('Anterior goes back and stops at the first step', () => {
    expect(run(next, next, { type: 'previous' }).current).toBe(1);
    expect(run({ type: 'previous' })).toBe(INITIAL_TUTORIAL_STATE);
  });

  it('jumps to a clicked step, within bounds', () => {
    expect(run({ type: 'goTo', index: 4 })).toMatchObject({ current: 4, done: [], stepProgress: 0 });
    expect(run({ type: 'goTo', index: 99 }).current).toBe(7);
  });

  it('playing advances the step progress and moves on when it is full', () => {
    const halfway = run({ type: 'togglePlay' }, { type: 'tick', seconds: 15 });
    expect(halfway.stepProgress).toBe(50);
    const after = reducer(halfway, { type: 'tick', seconds: 15 });
    expect(after).toMatchObject({ current: 1, done: [0], stepProgress: 0, playing: true });
  });

  it('does not progress while paused', () => {
    expect(run({ type: 'tick', seconds: 10 }).stepProgress).toBe(0);
  });

  it('reset returns to step 0 and clears done steps', () => {
    expect(run(next, next, { type: 'togglePlay' }, { type: 'reset' })).toEqual(INITIAL_TUTORIAL_STATE);
  });
});

describe('overallProgress', () => {
  it('is (done + stepProgress / 100) / total', () => {
    const state: TutorialState = { current: 2, done: [0, 1], stepProgress: 50, playing: true };
    expect(overallProgress(state, 8)).toBeCloseTo(31.25);
    expect(overallProgress(INITIAL_TUTORIAL_STATE, 8)).toBe(0);
  });

  it('does not count a revisited done step twice', () => {
    const state: TutorialState = { current: 0, done: [0, 1], stepProgress: 40, playing: true };
    expect(overallProgress(state, 8)).toBe(25);
  });
});
