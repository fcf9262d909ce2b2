import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  errorCodeTag,
  NO_CONNECTION_TAG,
  originalMessageNote,
  requestIdNote,
  RETRY_LABEL,
} from '@lizenzportal/domain';
import type { ReactNode, Ref } from 'react';
import type { FailedCall } from '@/lib/api';

export interface ErrorBoxProps {
  title: string;
  /** The failed call: its HTTP status (`null` when no answer arrived) and the request's id. */
  failure: FailedCall;
  message: ReactNode;
  /** The message's id, for the field it concerns (`aria-describedby`). */
  messageId?: string | undefined;
  /** Further explanation below the message, e.g. what the user can do next. */
  details?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  /** For the focus after a failed action (`focusAfterAction`): the box says what went wrong. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * The generic error box of the spec: title, tag "Fehler-Code {status}" or "Keine Verbindung",
 * message, retry. A server error also names the request's id, which a customer quotes to support;
 * a call without an answer what the browser said of it.
 */
export function ErrorBox({
  title,
  failure,
  message,
  messageId,
  details,
  onRetry,
  retrying,
  ref,
}: ErrorBoxProps) {
  const { status, requestId, originalMessage } = failure;
  return (
    <Alert
      ref={ref}
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={title}
      role="alert"
    >
      <Stack gap="xs">
        {/* The darkest red: 4.5:1 on the box's tinted background needs more than white's 5.2:1. */}
        <Badge color="red.9" variant="outline" w="fit-content">
          {status === null ? NO_CONNECTION_TAG : errorCodeTag(status)}
        </Badge>
        <Text size="sm" id={messageId}>
          {message}
        </Text>
        {details && (
          <Text size="sm" c="dimmed">
            {details}
          </Text>
        )}
        {status === null && originalMessage && (
          <Text size="xs" c="dimmed">
            {originalMessageNote(originalMessage)}
          </Text>
        )}
        {status !== null && status >= 500 && requestId && (
          <Text size="xs" c="dimmed">
            {requestIdNote(requestId)}
          </Text>
        )}
        {onRetry && (
          <Group>
            <Button size="xs" variant="outline" color="red.8" onClick={onRetry} loading={retrying}>
              {RETRY_LABEL}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
