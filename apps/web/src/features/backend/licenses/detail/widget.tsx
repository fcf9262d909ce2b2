import { SimpleGrid, Stack, Text } from '@mantine/core';
import { Facts } from '../../components/facts.tsx';
import type { WidgetField } from './license-fields.tsx';

/** The fields of a widget: facts to read, or (in edit mode) the inputs of the editable ones. */
export function WidgetFields({ fields, editing }: { fields: WidgetField[]; editing: boolean }) {
  if (!editing) return <Facts items={fields.map((field) => [field.label, field.view])} columns={2} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {fields.map((field) =>
        field.input ? (
          <div key={field.label}>{field.input}</div>
        ) : (
          <Stack key={field.label} gap={0}>
            <Text size="xs" c="dimmed">
              {field.label}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {field.view ?? '-'}
            </Text>
          </Stack>
        ),
      )}
    </SimpleGrid>
  );
}
