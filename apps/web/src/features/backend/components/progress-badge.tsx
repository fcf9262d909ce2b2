import { Badge } from '@mantine/core';
import { PROGRESS_LABELS, type DeliveryProgress } from '@lizenzportal/domain';

const PROGRESS_COLORS: Record<DeliveryProgress, string> = {
  'in-progress': 'blue',
  completed: 'green',
  failed: 'red',
};

/** How far an order generation or a delivery got: „In Bearbeitung”, „Erfolgreich”, „Fehlgeschlagen”. */
export function ProgressBadge({ progress }: { progress: DeliveryProgress }) {
  return (
    <Badge color={PROGRESS_COLORS[progress]} variant="light">
      {PROGRESS_LABELS[progress]}
    </Badge>
  );
}
