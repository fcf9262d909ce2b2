import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  personalDataFileName,
  personalDataMessages as texts,
  type PersonalDataReport,
} from '@lizenzportal/domain';
import { saveBlob } from '@/lib/api';
import { Facts } from '../components/facts.tsx';
import { Panel } from '../components/panel.tsx';
import { PersonalDataErasureAction } from './personal-data-erasure.tsx';

/**
 * Columns the page leaves to the JSON file: a mail's HTML twin of its text (the text is shown).
 */
const LEFT_TO_THE_FILE = new Set(['content']);

/** A stored value as text: objects and lists as their JSON. */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * What the Auskunft found: a section per table with its count, the whole as a JSON file, and its
 * erasure; after it, the Auskunft is asked again and shows what stays.
 */
export function PersonalDataResult({
  report,
  onErased,
}: {
  report: PersonalDataReport;
  onErased: () => void;
}) {
  const nothing = report.sections.every((section) => section.rows.length === 0);
  const download = () =>
    saveBlob(
      new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' }),
      personalDataFileName(report.searchedAt),
    );
  return (
    <Stack component="section" aria-label={texts.resultTitle(report.person)}>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {texts.resultTitle(report.person)}
        </Title>
        <Group>
          <Button variant="light" onClick={download}>
            {texts.download}
          </Button>
          {!nothing && <PersonalDataErasureAction person={report.person} onErased={onErased} />}
        </Group>
      </Group>
      <Text>
        {report.alsoSearched.length > 0
          ? texts.alsoSearched(report.alsoSearched)
          : texts.onlySearched(report.person)}
      </Text>
      {nothing && <Alert color="blue">{texts.nothingFound}</Alert>}
      {report.sections.map(({ kind, rows }) => (
        <Panel key={kind} title={texts.section(texts.kinds[kind], rows.length)}>
          {rows.length === 0 ? (
            <Text c="dimmed">{texts.sectionEmpty}</Text>
          ) : (
            rows.map((row, index) => (
              <Card key={index} withBorder padding="sm" component="article" aria-label={texts.row(index + 1)}>
                <Facts
                  columns={3}
                  items={Object.entries(row)
                    .filter(([column, value]) => value !== null && !LEFT_TO_THE_FILE.has(column))
                    .map(([column, value]) => [column, shown(value)])}
                />
              </Card>
            ))
          )}
        </Panel>
      ))}
    </Stack>
  );
}
