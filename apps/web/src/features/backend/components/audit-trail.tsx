import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTION_LABELS, recordMessages, type AuditEntry } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';
import { DateTimeText } from './date-time-text.tsx';
import { Panel } from './panel.tsx';
import { RecordState } from './record-page.tsx';

/** The query key of a record's audit trail, to refresh it after a change. */
export const auditKey = (path: string) => [path, 'audit'] as const;

interface AuditTrailProps {
  /** The record's API path: its trail is read at `<path>/audit`. */
  path: string;
  fieldLabel: (field: string) => string;
}

/**
 * „Änderungsprotokoll”: who changed what and when, newest first; each changed field with its
 * value before and after (a creation: each initial value), named by `fieldLabel`.
 */
export function AuditTrail({ path, fieldLabel }: AuditTrailProps) {
  const trail = useQuery({
    queryKey: auditKey(path),
    queryFn: ({ signal }) => apiRequest<{ entries: AuditEntry[] }>(`${path}/audit`, { signal }),
  });
  return (
    <RecordState record={trail} errorTitle={recordMessages.auditTrailLoadFailed} loaderSize="sm">
      {({ entries }) => <AuditEntries entries={entries} fieldLabel={fieldLabel} />}
    </RecordState>
  );
}

/** A record's audit trail in a panel of its detail page. */
export function AuditPanel(props: AuditTrailProps) {
  return (
    <Panel title={recordMessages.auditTrail}>
      <AuditTrail {...props} />
    </Panel>
  );
}

function AuditEntries({
  entries,
  fieldLabel,
}: Pick<AuditTrailProps, 'fieldLabel'> & { entries: AuditEntry[] }) {
  if (entries.length === 0) return <Text size="sm">{recordMessages.noChanges}</Text>;
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Stack key={entry._id} component="li" gap={4}>
          <Group gap="xs">
            <Badge variant="light">{AUDIT_ACTION_LABELS[entry.action]}</Badge>
            <Text size="sm">
              <DateTimeText value={entry.createdAt} /> {recordMessages.changedBy} {entry.actor}
            </Text>
          </Group>
          {entry.note && <Text size="sm">{entry.note}</Text>}
          {entry.changes.length > 0 && (
            <List size="sm" spacing={2}>
              {entry.changes.map((change) => (
                <List.Item key={change.field} style={{ overflowWrap: 'anywhere' }}>
                  {fieldLabel(change.field)}:{' '}
                  {entry.action === 'created'
                    ? shown(change.after)
                    : `${shown(change.before)} → ${shown(change.after)}`}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (Array.isArray(value)) return value.length === 0 ? '–' : value.join(', ');
  return String(value);
}
