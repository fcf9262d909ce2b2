import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { portalMessages } from '@lizenzportal/domain';

/** An unbound license cannot be used yet; binding it to its holder comes next, right below. */
export function UnboundNotice() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      title={portalMessages.unboundTitle}
    >
      <Text size="sm">{portalMessages.unboundText}</Text>
    </Alert>
  );
}
