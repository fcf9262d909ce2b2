import { useMutation } from '@tanstack/react-query';
import { useRef, type RefObject } from 'react';
import { focusAfterAction, returnTarget } from '@/lib/focus-after-action';

/** An action that changes no record: open a document, download a file. */
export interface ActionWithFailure<Input, Failure extends HTMLElement = HTMLParagraphElement> {
  /** Runs the action; the failure of the last try goes. */
  start: (input: Input) => void;
  /** The input of the try under way, while it is. */
  running: Input | undefined;
  /** The last try's error, until the next, and the element that says it (it takes the focus). */
  failure: { error: Error | null; ref: RefObject<Failure | null> };
}

/**
 * Runs `action` and keeps its failure beside the control that started it until the next try
 * (`failure`, shown by the caller: the back office's „Fehler: …”, the portal's error box); the
 * focus goes to it, or after success back to the control, which was disabled while it ran
 * (decision 043). `announce` also says a failure elsewhere (the back office's toast).
 */
export function useActionWithFailure<Input, Failure extends HTMLElement = HTMLParagraphElement>(
  action: (input: Input) => Promise<unknown>,
  announce?: (error: Error) => void,
): ActionWithFailure<Input, Failure> {
  const ref = useRef<Failure>(null);
  const mutation = useMutation<unknown, Error, Input>({
    mutationFn: action,
    onError: (error) => {
      announce?.(error);
      focusAfterAction(() => ref.current);
    },
  });
  return {
    start: (input) => {
      const control = returnTarget();
      mutation.mutate(input, { onSuccess: () => focusAfterAction(control) });
    },
    running: mutation.isPending ? mutation.variables : undefined,
    failure: { error: mutation.error, ref },
  };
}
