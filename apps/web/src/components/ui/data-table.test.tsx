import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table.tsx';

interface Row {
  id: string;
  name: string;
  createdAt: string;
}

const rows: Row[] = [
  { id: '1', name: 'Erste', createdAt: '2025-01-01' },
  { id: '2', name: 'Zweite', createdAt: '2025-01-02' },
];

function render(sortable: boolean) {
  return renderToString(
    <MantineProvider>
      <DataTable<Row>
        idAccessor="id"
        records={rows}
        rowLabel={(row) => row.name}
        noRecordsText="Keine Einträge"
        columns={[
          { accessor: 'name', title: 'Name' },
          { accessor: 'createdAt', title: 'Erzeugt', sortable },
        ]}
        sortStatus={{ columnAccessor: 'createdAt', direction: 'desc' }}
        onSortStatusChange={() => {}}
        selection={{ selected: [rows[0]!], onChange: () => {} }}
        expansion={(row) => row.name}
      />
    </MantineProvider>,
  );
}

describe('DataTable', () => {
  it('names sorting, selection and expansion in German, and nothing in English', () => {
    const html = render(true);
    expect(html).toContain('aria-label="Alle Zeilen auswählen"');
    expect(html).toContain('aria-label="Erste auswählen"');
    expect(html).toContain('aria-label="Details zu Zweite anzeigen"');
    expect(html).toContain('absteigend sortiert');
    expect(html).not.toMatch(/Sorted|Not sorted|Select (all )?record|Toggle|records per page|No records/i);
  });

  it('shows no sort state on a column that cannot be sorted', () => {
    expect(render(false)).not.toMatch(/sortiert|Sorted/);
  });
});
