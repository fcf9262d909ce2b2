import { Alert, Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { orderUndoMessages as texts, type OrderGeneration, type OrderUndo } from '@lizenzportal/domain';
import { useState } from 'react';
import { PageLoader } from '@/components/ui/page-loader';
import { apiRequest } from '@/lib/api';
import { ActionFailure } from '../components/action-failure.tsx';
import { useRecordAction } from '../components/use-record-action.ts';
import { ModalDialog } from '@/components/ui/modal-dialog';

/** Whether the generation offers „Bestellung rückabwickeln”: completed, and refunded or withdrawn in the shop (decision 066). */
export function offersUndo(generation: OrderGeneration): boolean {
  return (
    generation.progress === 'completed' &&
    (generation.withdrawal === 'open' || generation.withdrawal === 'undone')
  );
}

/**
 * „Bestellung rückabwickeln” (decision 066): the button, and its confirmation dialog listing what
 * the undo will do to each license and what it cannot undo — asked of the undo itself (`dryRun`),
 * so the dialog says what the action does. A partial refund lets staff pick the licenses, those
 * its refunded lines paid for preselected.
 */
export function OrderUndo({ path, generation }: { path: string; generation: OrderGeneration }) {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="light" color="red" onClick={dialog.open}>
        {texts.action}
      </Button>
      <ModalDialog opened={opened} onClose={dialog.close} title={texts.action} size="lg">
        {opened && <UndoDialogBody path={path} generation={generation} onDone={dialog.close} />}
      </ModalDialog>
    </>
  );
}

function UndoDialogBody({
  path,
  generation,
  onDone,
}: {
  path: string;
  generation: OrderGeneration;
  onDone: () => void;
}) {
  const preview = useQuery({
    queryKey: ['undo-preview', path],
    queryFn: () => apiRequest<OrderUndo>(`${path}/undo`, { method: 'POST', body: { dryRun: true } }),
    staleTime: 0,
    gcTime: 0,
  });
  // A partial refund (the shop did not withdraw the whole order): staff pick the licenses.
  const partial = generation.withdrawnStatus === null;
  // Untouched (null), the pick is the licenses the refunded lines paid for (the shop's refund says which).
  const [touched, setPicked] = useState<readonly string[] | null>(null);
  const [pickMissing, setPickMissing] = useState(false);
  const undo = useRecordAction({
    request: (licenses: readonly string[] | undefined) =>
      apiRequest<OrderUndo>(`${path}/undo`, { method: 'POST', body: licenses ? { licenses } : {} }),
    success: (answer) =>
      texts.done(
        answer.changed.map((change) => texts.did[change.action](change.key)),
        answer.notUndone.length,
      ),
    refresh: [[path]],
    afterRefresh: onDone,
    showsError: true,
  });

  if (preview.isPending) return <PageLoader label={texts.previewLoading} />;
  if (preview.isError)
    return <ActionFailure error={new Error(`${texts.previewFailed}: ${preview.error.message}`)} />;
  const { changed, notUndone, refundedLicenses } = preview.data;
  const nothing = changed.length === 0;
  const picked =
    touched ??
    changed.map((change) => change.license).filter((license) => refundedLicenses.includes(license));
  const confirm = () => {
    if (partial && picked.length === 0) setPickMissing(true);
    else undo.mutate(partial ? picked : undefined);
  };

  return (
    <Stack>
      {nothing ? (
        <Text>{texts.nothingToDo}</Text>
      ) : partial ? (
        <Checkbox.Group
          label={texts.pickLicenses}
          value={[...picked]}
          onChange={(value) => {
            setPicked(value);
            setPickMissing(false);
          }}
          error={pickMissing ? texts.pickAtLeastOne : undefined}
        >
          <Stack gap="xs" mt="xs">
            {changed.map((change) => (
              <Checkbox
                key={change.license}
                value={change.license}
                label={texts.will[change.action](change.key)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <>
          <Text>{texts.willChange}</Text>
          <List>
            {changed.map((change) => (
              <List.Item key={change.license}>{texts.will[change.action](change.key)}</List.Item>
            ))}
          </List>
        </>
      )}
      {notUndone.length > 0 && (
        <Alert color="orange" title={texts.notAutomatic}>
          <List>
            {notUndone.map((item) => (
              <List.Item key={item.license}>{item.reason}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <ActionFailure error={undo.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {texts.cancel}
        </Button>
        {!nothing && (
          <Button color="red" onClick={confirm} loading={undo.isPending}>
            {texts.confirm}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
