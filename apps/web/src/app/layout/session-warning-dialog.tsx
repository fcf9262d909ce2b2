import { Button, Group, Stack, Text } from '@mantine/core';
import { formatTime, sessionMessages, type LoginResponse } from '@lizenzportal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { renewSession, useSignOut } from '@/lib/auth';
import { ModalDialog } from '@/components/ui/modal-dialog';

/**
 * The dialog shortly before a sign-in ends, announced and answered by keyboard: stay signed in (a
 * new token of a full sign-in) or sign out. Loaded only when it opens.
 */
export function SessionWarningDialog({
  opened,
  expiresAt,
  onClose,
}: {
  opened: boolean;
  expiresAt: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const extend = useMutation({
    mutationFn: () => apiRequest<LoginResponse>('/auth/session', { method: 'POST' }),
    onSuccess: (login) => {
      renewSession(queryClient, login);
      // Closed, the warning reads the new token's end (the user itself is unchanged).
      onClose();
    },
  });
  return (
    // Closed without an answer: the sign-in still ends at its time.
    <ModalDialog opened={opened} onClose={onClose} title={sessionMessages.expiringTitle}>
      <Stack>
        <Text>{sessionMessages.expiring(formatTime(new Date(expiresAt)))}</Text>
        {extend.isError && (
          <Text c="red.8" role="alert">
            {sessionMessages.extendFailed}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void signOut()}>
            {sessionMessages.signOut}
          </Button>
          <Button data-autofocus loading={extend.isPending} onClick={() => extend.mutate()}>
            {sessionMessages.extend}
          </Button>
        </Group>
      </Stack>
    </ModalDialog>
  );
}
