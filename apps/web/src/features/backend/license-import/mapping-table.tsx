import { NativeSelect, Table, Text } from '@mantine/core';
import {
  importFieldTitle,
  LICENSE_EXPORT_COLUMNS,
  licenseImportPageMessages as texts,
  type ImportMapping,
} from '@lizenzportal/domain';

/** „nicht importieren” in the field choices. */
const NOT_IMPORTED = '';
const FIELD_CHOICES = [
  { value: NOT_IMPORTED, label: texts.doNotImport },
  ...LICENSE_EXPORT_COLUMNS.map((field) => ({ value: field, label: importFieldTitle(field) })),
];

interface MappingTableProps {
  columns: readonly string[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  disabled: boolean;
}

/**
 * Step 2: each column of the file → a portal field or „nicht importieren”, as WooCommerce's product
 * importer asks it; one native select per column, labelled by the column.
 */
export function MappingTable({ columns, mapping, onChange, disabled }: MappingTableProps) {
  if (columns.length === 0) return <Text>{texts.noColumns}</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{texts.columnHeader}</Table.Th>
            <Table.Th scope="col">{texts.fieldHeader}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((column) => (
            <Table.Tr key={column}>
              <Table.Th scope="row" fw="normal">
                {column}
              </Table.Th>
              <Table.Td>
                <NativeSelect
                  aria-label={texts.fieldOf(column)}
                  data={FIELD_CHOICES}
                  value={mapping[column] ?? NOT_IMPORTED}
                  disabled={disabled}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    onChange({ ...mapping, [column]: value === NOT_IMPORTED ? null : value });
                  }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
