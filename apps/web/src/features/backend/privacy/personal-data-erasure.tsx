import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { personalDataErasureMessages as texts, type PersonalDataErasure } from '@lizenzportal/domain';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { PageLoader } from '@/components/ui/page-loader';
import { apiRequest } from '@/lib/api';
import { ActionFailure } from '../components/action-failure.tsx';

const eraseRequest = (person: string, dryRun: boolean) =>
  apiRequest<PersonalDataErasure>('/personal-data/erasure', { method: 'POST', body: { person, dryRun } });

/**
 * „Löschen / Anonymisieren” of the Auskunft's person (decision 064): the dialog says what will go
 * and what stays and why, asked of the erasure itself (`dryRun`), so it says what the action does.
 */
export function PersonalDataErasureAction({ person, onErased }: { person: string; onErased: () => void }) {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="light" color="red" onClick={dialog.open}>
        {texts.action}
      </Button>
      <ModalDialog opened={opened} onClose={dialog.close} title={texts.action} size="lg">
        {opened && (
          <ErasureDialogBody
            person={person}
            onCancel={dialog.close}
            onErased={() => {
              dialog.close();
              onErased();
            }}
          />
        )}
      </ModalDialog>
    </>
  );
}

function ErasureDialogBody({
  person,
  onCancel,
  onErased,
}: {
  person: string;
  onCancel: () => void;
  onErased: () => void;
}) {
  const preview = useQuery({
    queryKey: ['erasure-preview', person],
    queryFn: () => eraseRequest(person, true),
    staleTime: 0,
    gcTime: 0,
  });
  const erase = useMutation({
    mutationFn: () => eraseRequest(person, false),
    onSuccess: (answer) => {
      notifications.show({ message: texts.done(answer.erased.reduce((sum, { count }) => sum + count, 0)) });
      onErased();
    },
  });

  if (preview.isPending) return <PageLoader label={texts.previewLoading} />;
  if (preview.isError)
    return <ActionFailure error={new Error(`${texts.previewFailed}: ${preview.error.message}`)} />;
  const { erased, kept } = preview.data;
  return (
    <Stack>
      {erased.length === 0 ? (
        <Text>{texts.nothingToErase}</Text>
      ) : (
        <>
          <Text>{texts.willGo}</Text>
          <List>
            {erased.map(({ kind, count }) => (
              <List.Item key={kind}>{texts.erased[kind](count)}</List.Item>
            ))}
          </List>
        </>
      )}
      {kept.length > 0 && (
        <Alert color="blue" title={texts.stays}>
          <List>
            {kept.map(({ kind, count }) => (
              <List.Item key={kind}>{texts.kept[kind](count)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <ActionFailure error={erase.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {texts.cancel}
        </Button>
        {erased.length > 0 && (
          <Button color="red" onClick={() => erase.mutate()} loading={erase.isPending}>
            {texts.confirm}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
