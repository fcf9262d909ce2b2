import { Badge, Group, Text, useMantineTheme } from '@mantine/core';
import {
  PURCHASE_TYPE_LABELS,
  UPGRADE_SESSION_STATUS_LABELS,
  type UpgradeSessionDetail,
  type UpgradeSessionStatus,
} from '@lizenzportal/domain';

/**
 * Tag colours of the spec (§4): created info, purchased success, completed primary — the theme's
 * primary colour, so in-progress takes another one.
 */
const STATUS_COLORS: Record<Exclude<UpgradeSessionStatus, 'completed'>, string> = {
  created: 'cyan',
  offered: 'grape',
  purchased: 'green',
  'in-progress': 'orange',
  failed: 'red',
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
  const { primaryColor } = useMantineTheme();
  if (!status) return <>-</>;
  return (
    <Badge color={status === 'completed' ? primaryColor : STATUS_COLORS[status]} variant="light">
      {UPGRADE_SESSION_STATUS_LABELS[status]}
    </Badge>
  );
}
