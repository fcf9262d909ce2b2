import type { AssistantFormGuards } from '@lizenzportal/domain';
import { useEffect } from 'react';
import { moduleDownload, useModuleDownload, type ModuleDownloadState } from '@/lib/module-download';
import type * as LaterStepsModule from './steps/later-steps.ts';

type LaterSteps = typeof LaterStepsModule;

/** The screens after the welcome step. */
const laterSteps = moduleDownload(
  () => import('./steps/later-steps.ts'),
  (steps): LaterSteps => steps,
);

/**
 * The machine's form guards (decision 022): they come with the forms' screens, in the later steps'
 * module, and so does zod. Only those screens send what the guards check; before the module has
 * arrived, no form is valid.
 */
export const laterFormGuards: AssistantFormGuards = {
  holderValid: (args) => laterSteps.arrived?.assistantFormGuards.holderValid(args) ?? false,
  offerFormValid: (args) => laterSteps.arrived?.assistantFormGuards.offerFormValid(args) ?? false,
};

/** Runs `callback` when the browser is idle (after a timeout where it cannot tell: Safari). */
function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback);
  else setTimeout(callback, 200);
}

/**
 * The screens after the welcome step: fetched as soon as the welcome step is painted and usable
 * (the browser is idle), so that the next step shows at once — before that, they would compete
 * with the first load — and at once when a step needs them (`needed`).
 */
export function useLaterSteps(needed: boolean): ModuleDownloadState<LaterSteps> {
  // A failed prefetch is no error yet: a step that needs the screens asks again.
  useEffect(() => whenIdle(() => laterSteps.load().catch(() => undefined)), []);
  return useModuleDownload(laterSteps, needed);
}
