import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { backOfficeMessages } from '@lizenzportal/domain';

/** Copies a text to the clipboard and says so in a toast (back-office spec §8), or why it could not. */
async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notifications.show({ color: 'green', message: backOfficeMessages.copied });
  } catch (error) {
    notifications.show({ color: 'red', message: backOfficeMessages.copyFailed((error as Error).message) });
  }
}

/**
 * A value an admin passes on (key, start code, code, ID): the text and a button that copies it,
 * a target of at least 24 × 24 CSS pixels (WCAG 2.5.8; Mantine's `sm` is 22).
 */
export function CopyableText({ text, label }: { text: string | null; label: string }) {
  if (!text) return null;
  const name = backOfficeMessages.copy(label);
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <Text component="span" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      <Tooltip label={name}>
        <ActionIcon variant="subtle" size="md" aria-label={name} onClick={() => void copy(text)}>
          <IconCopy size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
