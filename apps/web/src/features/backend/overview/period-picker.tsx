import { Group, SegmentedControl, Text } from '@mantine/core';
import { OVERVIEW_PERIODS, overviewMessages, type OverviewPeriod } from '@lizenzportal/domain';
import { useId } from 'react';

const { period: label, periods } = overviewMessages.figures;

/** „Zeitraum”: 4 weeks, 26 weeks or 12 months, a radio group (arrow keys move between them). */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: OverviewPeriod;
  onChange: (period: OverviewPeriod) => void;
}) {
  const labelId = useId();
  return (
    <Group gap="xs">
      <Text id={labelId} fw={600} size="sm">
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(chosen) => onChange(chosen as OverviewPeriod)}
        data={OVERVIEW_PERIODS.map((period) => ({ value: period, label: periods[period] }))}
      />
    </Group>
  );
}
