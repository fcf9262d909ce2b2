import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { backOfficeMessages } from '@lizenzportal/domain';
import { useRef, type RefObject } from 'react';
import { focusAfterAction, returnTarget } from '@/lib/focus-after-action';

/** An action of the back office that changes no record: open a document, download a file. */
export interface ActionWithFailure<Input> {
  /** Runs the action; the failure of the last try goes. */
  start: (input: Input) => void;
  /** The input of the try under way, while it is. */
  running: Input | undefined;
  /** What `ActionFailure` shows beside the action's buttons: the last try's error, until the next. */
  failure: { error: Error | null; ref: RefObject<HTMLParagraphElement | null> };
}

/**
 * Runs `action` as the record actions fail: the toast „Fehler: …” with the API's own error text,
 * and the same words beside the buttons (`<ActionFailure {...failure} />`) until the next try —
 * the toast goes after five seconds. The focus goes to them, or after success back to the control
 * that started the action, which was disabled while it ran (decision 043).
 */
export function useActionWithFailure<Input>(
  action: (input: Input) => Promise<unknown>,
): ActionWithFailure<Input> {
  const ref = useRef<HTMLParagraphElement>(null);
  const mutation = useMutation<unknown, Error, Input>({
    mutationFn: action,
    onError: (error) => {
      notifications.show({ color: 'red', message: backOfficeMessages.failed(error.message) });
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
