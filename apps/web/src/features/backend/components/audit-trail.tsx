import { Badge, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTION_LABELS, LOADING_LABEL, recordMessages, type AuditEntry } from '@lizenzportal/domain';
import { ErrorBox } from '@/components/ui/error-box';
import { apiRequest, errorStatus } from '@/lib/api';
import { DateTimeText } from './date-time-text.tsx';

/** The query key of a record's audit trail, to refresh it after a change. */
export const auditKey = (path: string) => [path, 'audit'] as const;

/**
 * „Änderungsprotokoll”: who changed what and when, newest first; each changed field with its
 * value before and after (a creation: each initial value), named by `fieldLabel`.
 */
export function AuditTrail({ path, fieldLabel }: { path: string; fieldLabel: (field: string) => string }) {
  const trail = useQuery({
    queryKey: auditKey(path),
    queryFn: ({ signal }) => apiRequest<{ entries: AuditEntry[] }>(`${path}/audit`, { signal }),
  });
  if (trail.isPending) return <Loader size="sm" role="status" aria-label={LOADING_LABEL} />;
  if (trail.error) {
    return (
      <ErrorBox
        title={recordMessages.auditTrailLoadFailed}
        status={errorStatus(trail.error)}
        message={trail.error.message}
        onRetry={() => void trail.refetch()}
        retrying={trail.isFetching}
      />
    );
  }
  if (trail.data.entries.length === 0) return <Text size="sm">{recordMessages.noChanges}</Text>;
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {trail.data.entries.map((entry) => (
        <Stack key={entry._id} component="li" gap={4}>
          <Group gap="xs">
            <Badge variant="light">{AUDIT_ACTION_LABELS[entry.action]}</Badge>
            <Text size="sm">
              <DateTimeText value={entry.createdAt} /> {recordMessages.changedBy} {entry.actor}
            </Text>
          </Group>
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
