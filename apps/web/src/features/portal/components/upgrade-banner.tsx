import { NewTabNote } from '@/components/ui/new-tab-note';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { portalMessages } from '@lizenzportal/domain';
import { useSettings } from '@/lib/settings';

/** Shown to version 8 licenses: version 9 is available as an update in the shop. */
export function UpgradeBanner() {
  const { data: settings } = useSettings();
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconSparkles aria-hidden />}
      title={portalMessages.upgradeTitle}
    >
      <Stack gap="sm">
        <Text size="sm">{portalMessages.upgradeText}</Text>
        {settings && (
          <Group>
            <Button
              component="a"
              href={settings.shopUrl}
              target="_blank"
              rel="noopener noreferrer"
              color="teal"
            >
              {portalMessages.toShop}
              <NewTabNote />
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
