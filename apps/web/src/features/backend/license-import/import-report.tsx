import { Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  formatCount,
  backOfficeMessages,
  LICENSE_IMPORT_FINDING_LABELS,
  LICENSE_IMPORT_STATUS_LABELS,
  licenseImportMessages,
  licenseImportPageMessages as texts,
  type LicenseImportRun,
} from '@lizenzportal/domain';
import { useId } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { failedCall } from '@/lib/api';
import { ActionFailure } from '../components/action-failure.tsx';
import { receivedText, useFileDownload } from '../components/use-file-download.ts';
import { reportPath, useFindings } from './use-import.ts';

/** A finished run's report: its outcome, the counts, the first findings and the whole as CSV. */
export function ImportReport({ run }: { run: LicenseImportRun }) {
  const headingId = useId();
  const findings = useFindings(run);
  const download = useFileDownload();
  const kind = run.format === 'json-array' ? 'entry' : 'line';
  const counts: [string, number][] = [
    [texts.countNew, run.imported],
    [texts.countUnchanged, run.unchanged],
    [texts.countDifferent, run.different],
    [texts.countErrors, run.invalid],
    [texts.countRows, run.rowsRead],
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} id={headingId} size="h4">
        {run.dryRun ? texts.dryRunReport : texts.importReport}: {LICENSE_IMPORT_STATUS_LABELS[run.status]}
      </Title>
      {!run.dryRun && run.status === 'completed' && <Text fw={600}>{texts.imported(run.imported)}</Text>}
      {!run.dryRun && run.status === 'refused' && <Text fw={600}>{texts.nothingImported}</Text>}
      {run.status === 'failed' && (
        <Text c="red.8" role="alert">
          {texts.runFailed(run.error ?? '')}
        </Text>
      )}
      <List aria-label={texts.countsLabel} listStyleType="none" spacing={2}>
        {counts.map(([label, count]) => (
          <List.Item key={label}>
            <Text span fw={600}>
              {formatCount(count)}
            </Text>{' '}
            {label}
          </List.Item>
        ))}
      </List>
      {findings.isError && (
        <ErrorBox
          title={backOfficeMessages.failed(texts.report)}
          failure={failedCall(findings.error)}
          message={findings.error.message}
          onRetry={() => void findings.refetch()}
        />
      )}
      {findings.data && findings.data.total === 0 && <Text>{texts.noFindings}</Text>}
      {findings.data && findings.data.total > 0 && (
        <>
          {/* Findings hold no control: the scrolled region itself takes the focus, for the keyboard. */}
          <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={texts.findingsLabel}>
            <Table striped aria-label={texts.findingsLabel} verticalSpacing={4} miw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{texts.findingLocation}</Table.Th>
                  <Table.Th scope="col">{texts.findingKind}</Table.Th>
                  <Table.Th scope="col">{texts.findingMessage}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {findings.data.findings.map((finding, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{licenseImportMessages.location(kind, finding.line, finding.column)}</Table.Td>
                    <Table.Td>{LICENSE_IMPORT_FINDING_LABELS[finding.kind]}</Table.Td>
                    <Table.Td>{finding.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          {findings.data.total > findings.data.findings.length && (
            <Text size="sm">{texts.moreFindings(findings.data.findings.length, findings.data.total)}</Text>
          )}
        </>
      )}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.running !== undefined}
          onClick={() => download.start(texts.downloadReport, reportPath(run._id))}
        >
          {texts.downloadReport}
        </Button>
        {download.running && (
          <Text size="sm" aria-live="polite">
            {receivedText(download.received)}
          </Text>
        )}
      </Group>
      <ActionFailure {...download.failure} />
    </Stack>
  );
}
