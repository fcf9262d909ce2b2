import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useSettings } from '@/lib/settings';

/** Shown to version 8 licenses: version 9 is available as an update in the shop. */
export function UpgradeBanner() {
  const { data: settings } = useSettings();
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconSparkles aria-hidden />}
      title="Jetzt auf Version 9 umsteigen"
    >
      <Stack gap="sm">
        <Text size="sm">
          Version 9 bietet rund 17.000 Symbole – deutlich mehr als die über 10.000 Symbole von Version 8. Als
          Inhaber einer Lizenz der Version 8 erhalten Sie Version 9 zum günstigen Update-Preis.
        </Text>
        {settings && (
          <Group>
            <Button
              component="a"
              href={settings.shopUrl}
              target="_blank"
              rel="noopener noreferrer"
              color="teal"
            >
              Zum Shop
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
