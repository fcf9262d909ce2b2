import { Badge, Group, Text } from '@mantine/core';
import {
  PURCHASE_TYPE_LABELS,
  UPGRADE_SESSION_STATUS_LABELS,
  type UpgradeSessionDetail,
  type UpgradeSessionStatus,
} from '@lizenzportal/domain';

/** Tag colours of the spec: created info, purchased success, completed primary. */
const STATUS_COLORS: Record<UpgradeSessionStatus, string> = {
  created: 'cyan',
  offered: 'grape',
  purchased: 'green',
  'in-progress': 'blue',
  failed: 'red',
  completed: 'indigo',
  expired: 'gray',
};

/** „Update 8 → 9”: the purchase type and the versions. */
export function SessionKind({
  session,
}: {
  session: Pick<UpgradeSessionDetail, 'purchaseType' | 'fromVersion' | 'toVersion'>;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="outline">{PURCHASE_TYPE_LABELS[session.purchaseType]}</Badge>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {session.fromVersion ?? '-'} → {session.toVersion}
      </Text>
    </Group>
  );
}

export function SessionStatus({ status }: { status: UpgradeSessionStatus | null }) {
  if (!status) return <>-</>;
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {UPGRADE_SESSION_STATUS_LABELS[status]}
    </Badge>
  );
}
