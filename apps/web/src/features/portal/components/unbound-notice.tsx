import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** An unbound license cannot be used yet; binding it to its holder comes next, right below. */
export function UnboundNotice() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      title="Ihre Lizenz ist noch nicht gebunden"
    >
      <Text size="sm">
        Bevor Sie die Software herunterladen und nutzen können, wird die Lizenz einmalig an den Lizenznehmer –
        eine Person oder eine Organisation – gebunden. Füllen Sie dazu das folgende Formular aus.
      </Text>
    </Alert>
  );
}
