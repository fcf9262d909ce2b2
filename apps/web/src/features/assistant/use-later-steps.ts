import type { AssistantFormGuards } from '@lizenzportal/domain';
import { useEffect, useState } from 'react';
import type * as LaterStepsModule from './steps/later-steps.ts';

type LaterSteps = typeof LaterStepsModule;

let loading: Promise<LaterSteps> | null = null;
/** The module once it has arrived: the machine's form guards read it. */
let arrived: LaterSteps | null = null;

/** The screens after the welcome step, downloaded once; after a failed download the next call asks again. */
function loadLaterSteps(): Promise<LaterSteps> {
  loading ??= import('./steps/later-steps.ts').then(
    (steps) => (arrived = steps),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The machine's form guards (decision 022): they come with the forms' screens, in the later steps'
 * module, and so does zod. Only those screens send what the guards check; before the module has
 * arrived, no form is valid.
 */
export const laterFormGuards: AssistantFormGuards = {
  holderValid: (args) => arrived?.assistantFormGuards.holderValid(args) ?? false,
  offerFormValid: (args) => arrived?.assistantFormGuards.offerFormValid(args) ?? false,
};

/** Runs `callback` when the browser is idle (after a timeout where it cannot tell: Safari). */
function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback);
  else setTimeout(callback, 200);
}

export interface LaterStepsState {
  /** The screens, once downloaded. */
  steps: LaterSteps | null;
  /** The download the shown step waits for failed (no connection, a new release): `retry` asks again. */
  failed: boolean;
  retry: () => void;
}

/**
 * The screens after the welcome step: fetched as soon as the welcome step is painted and usable
 * (the browser is idle), so that the next step shows at once — before that, they would compete
 * with the first load — and at once when a step needs them (`needed`).
 */
export function useLaterSteps(needed: boolean): LaterStepsState {
  const [steps, setSteps] = useState(arrived);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // A failed prefetch is no error yet: a step that needs the screens asks again.
  useEffect(() => whenIdle(() => loadLaterSteps().then(setSteps, () => undefined)), []);
  useEffect(() => {
    if (!needed || steps) return;
    let current = true;
    loadLaterSteps().then(
      (loaded) => current && setSteps(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [needed, steps, attempt]);
  return {
    steps,
    failed: failed && !steps,
    retry: () => {
      setFailed(false);
      setAttempt((count) => count + 1);
    },
  };
}
