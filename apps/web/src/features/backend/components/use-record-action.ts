import { notifications } from '@mantine/notifications';
import {
  useMutation,
  useQueryClient,
  type MutationOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { backOfficeMessages } from '@lizenzportal/domain';

/** A toast of the back office: green for success, red for failure. */
export type Notify = (toast: { color: 'green' | 'red'; message: string }) => void;

/** What an admin's action on a record does around its API call (save, generate, resend, retry, create). */
export interface RecordAction<Input, Answer> {
  request: (input: Input) => Promise<Answer>;
  /** The success toast (back-office spec §8), or its wording from the answer („3 Lizenzen angelegt”). */
  success: string | ((answer: Answer) => string);
  /** Puts the answer where the page reads it (the record's cache, the edit state), before the toast. */
  update?: (answer: Answer) => void;
  /** What loads anew after success, one after the other: the record's audit trail, its list. */
  refresh?: readonly QueryKey[];
  /** What follows once refreshed: close the form, open the record the action made. */
  afterRefresh?: (answer: Answer) => void;
  /** The page shows a failure itself (an error box with retry) instead of the toast „Fehler: …”. */
  showsError?: boolean;
}

/**
 * The mutation of a record action: on success update, toast, refresh, then what follows; on
 * failure the toast „Fehler: {error}” with the API's own error text.
 */
export function recordActionOptions<Input, Answer>(
  action: RecordAction<Input, Answer>,
  queryClient: QueryClient,
  notify: Notify = notifications.show,
): MutationOptions<Answer, Error, Input> {
  return {
    mutationFn: action.request,
    onSuccess: async (answer) => {
      action.update?.(answer);
      const message = typeof action.success === 'string' ? action.success : action.success(answer);
      notify({ color: 'green', message });
      for (const queryKey of action.refresh ?? []) await queryClient.invalidateQueries({ queryKey });
      action.afterRefresh?.(answer);
    },
    onError: action.showsError
      ? undefined
      : (error) => notify({ color: 'red', message: backOfficeMessages.failed(error.message) }),
  };
}

/** An admin's action on a record, as every detail page and form of the back office runs it. */
export function useRecordAction<Input = void, Answer = unknown>(action: RecordAction<Input, Answer>) {
  return useMutation(recordActionOptions(action, useQueryClient()));
}
