import { Text } from '@mantine/core';
import { backOfficeMessages } from '@lizenzportal/domain';
import type { Ref } from 'react';

/**
 * A record action's failure where it happened („Fehler: …”), until the admin tries again: the
 * toast of the same words goes after five seconds.
 */
export function ActionFailure({ error, ref }: { error: Error | null; ref?: Ref<HTMLParagraphElement> }) {
  if (!error) return null;
  return (
    <Text ref={ref} size="sm" c="red.8" role="alert">
      {backOfficeMessages.failed(error.message)}
    </Text>
  );
}
