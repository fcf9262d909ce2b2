import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorCodeTag, NO_CONNECTION_TAG, RETRY_LABEL } from '@lizenzportal/domain';
import type { ReactNode } from 'react';

export interface ErrorBoxProps {
  title: string;
  /** HTTP status of the failed call; `null` when no answer arrived. */
  status: number | null;
  message: ReactNode;
  /** Further explanation below the message, e.g. what the user can do next. */
  details?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}

/** The generic error box of the spec: title, tag "Fehler-Code {status}" or "Keine Verbindung", message, retry. */
export function ErrorBox({ title, status, message, details, onRetry, retrying }: ErrorBoxProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={title}>
      <Stack gap="xs">
        <Badge color="red" variant="outline" w="fit-content">
          {status === null ? NO_CONNECTION_TAG : errorCodeTag(status)}
        </Badge>
        <Text size="sm">{message}</Text>
        {details && (
          <Text size="sm" c="dimmed">
            {details}
          </Text>
        )}
        {onRetry && (
          <Group>
            <Button size="xs" variant="outline" color="red" onClick={onRetry} loading={retrying}>
              {RETRY_LABEL}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
