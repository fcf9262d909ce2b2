import { Alert } from '@mantine/core';
import { sessionMessages } from '@lizenzportal/domain';
import { sessionEndPath } from '@/lib/auth';

/**
 * On the login page after a sign-in ended, until the next sign-in: the toast saying so goes after
 * five seconds, this stays (and tells that the sign-in returns to the page and its draft).
 */
export function SessionEndedNotice() {
  if (sessionEndPath() === null) return null;
  return (
    <Alert color="yellow" variant="light" title={sessionMessages.endedTitle} role="status">
      {sessionMessages.endedReturn}
    </Alert>
  );
}
