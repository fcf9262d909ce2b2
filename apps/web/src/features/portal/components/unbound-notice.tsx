import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** An unbound license cannot be used yet; binding it to its holder comes next. */
export function UnboundNotice() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      title="Ihre Lizenz ist noch nicht gebunden"
    >
      <Text size="sm">
        Bevor Sie die Software nutzen können, wird die Lizenz einmalig an den Lizenznehmer – eine Person oder
        eine Organisation – gebunden. Danach melden Sie sich mit dem Namen des Lizenznehmers statt mit dem
        Startcode an. Das Binden der Lizenz wird in Kürze hier auf dieser Seite möglich sein.
      </Text>
    </Alert>
  );
}
