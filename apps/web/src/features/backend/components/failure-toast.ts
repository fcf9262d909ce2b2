import { notifications } from '@mantine/notifications';
import { backOfficeMessages } from '@lizenzportal/domain';

/**
 * How the back office announces a failed action: the toast „Fehler: …” with the API's own error
 * text; the same words stay beside the action's buttons (`ActionFailure`) after it went.
 */
export function toastFailure(error: Error): void {
  notifications.show({ color: 'red', message: backOfficeMessages.failed(error.message) });
}
