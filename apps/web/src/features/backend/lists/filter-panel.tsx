import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { filterMessages as texts } from '@lizenzportal/domain';
import type { FormEvent, ReactNode, Ref } from 'react';
import { WaitingButton } from '@/components/ui/waiting-button';

/**
 * The note under „Filter anwenden” on a list's first screen, by its Element Timing name: on a
 * phone's screen the list's largest paint, which the table's files wait for (decision 072).
 */
export const FILTER_NOTE_TIMING = 'list-filter-note';

interface FilterPanelProps {
  /** The rules' rows; `null` while there is none (the panel says so). */
  rules: ReactNode | null;
  /** Why „Filter anwenden” cannot act (nothing changed), or `null` when it applies the draft. */
  applyWaitingFor: string | null;
  /** „Alle Filter entfernen”: offered while filters are in effect. */
  removeAll: { onClick?: () => void } | null;
  onAdd?: () => void;
  onSubmit?: (event: FormEvent) => void;
  ref?: Ref<HTMLFormElement>;
}

/**
 * The query builder's panel: its rules, or the note that there is none, and its buttons. Drawn by
 * the query builder and, before the list's files have come, by the list's first screen
 * (`ListFirstScreen`), laid out the same: the first screen's note is the page's largest paint, and
 * the page's own, no larger, does not take it over (decision 078).
 */
export function FilterPanel({ rules, applyWaitingFor, removeAll, onAdd, onSubmit, ref }: FilterPanelProps) {
  return (
    <Paper
      ref={ref}
      withBorder
      p="md"
      component="form"
      role="search"
      aria-label={texts.region}
      onSubmit={onSubmit}
    >
      <Stack gap="sm">
        {rules ?? (
          <Text size="sm" c="dimmed">
            {texts.none}
          </Text>
        )}
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {texts.add}
          </Button>
          <WaitingButton
            type="submit"
            waitingFor={applyWaitingFor}
            noteTiming={FILTER_NOTE_TIMING}
            align="flex-start"
          >
            {texts.apply}
          </WaitingButton>
          {removeAll && (
            <Button variant="subtle" onClick={removeAll.onClick}>
              {texts.removeAll}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
