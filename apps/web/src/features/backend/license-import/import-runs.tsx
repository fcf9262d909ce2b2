import { Button, Code, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  formatCount,
  formatDate,
  formatTime,
  LICENSE_IMPORT_STATUS_LABELS,
  licenseImportPageMessages as texts,
  pagerMessages,
  type LicenseImportRun,
} from '@lizenzportal/domain';
import { useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { PageLoader } from '@/components/ui/page-loader';
import { failedCall } from '@/lib/api';
import { ActionFailure } from '../components/action-failure.tsx';
import { DateTimeText } from '../components/date-time-text.tsx';
import { useFileDownload } from '../components/use-file-download.ts';
import { reportPath, useImportRuns } from './use-import.ts';

const PAGE_SIZE = 10;

function kindOf(run: LicenseImportRun): string {
  if (run.dryRun) return texts.kindDryRun;
  return run.onlyValid ? texts.kindImportOnlyValid : texts.kindImport;
}

/** „Bisherige Läufe”: who ran which file when, its fingerprint, what it found, and its report. */
export function ImportRuns() {
  const [page, setPage] = useState(0);
  const runs = useImportRuns(page, PAGE_SIZE);
  const download = useFileDownload();
  const pages = Math.ceil((runs.data?.total ?? 0) / PAGE_SIZE);
  return (
    <Stack gap="sm" component="section" aria-labelledby="import-runs">
      <Title order={2} id="import-runs" size="h3">
        {texts.runsTitle}
      </Title>
      {runs.isPending && <PageLoader />}
      {runs.isError && (
        <ErrorBox
          title={texts.runsLoadFailed}
          failure={failedCall(runs.error)}
          message={runs.error.message}
          onRetry={() => void runs.refetch()}
          retrying={runs.isFetching}
        />
      )}
      {runs.data?.total === 0 && <Text>{texts.noRuns}</Text>}
      {runs.data && runs.data.runs.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing={4} aria-labelledby="import-runs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{texts.runWhen}</Table.Th>
                <Table.Th scope="col">{texts.runWho}</Table.Th>
                <Table.Th scope="col">{texts.runFile}</Table.Th>
                <Table.Th scope="col">{texts.runKind}</Table.Th>
                <Table.Th scope="col">{texts.runStatus}</Table.Th>
                <Table.Th scope="col">{texts.runCounts}</Table.Th>
                <Table.Th scope="col">{texts.runReport}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.data.runs.map((run) => (
                <Table.Tr key={run._id}>
                  <Table.Td>
                    <DateTimeText value={run.createdAt} />
                  </Table.Td>
                  <Table.Td>{run.actor}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{run.fileName}</Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {texts.runSha} <Code>{run.sha256}</Code>
                    </Text>
                  </Table.Td>
                  <Table.Td>{kindOf(run)}</Table.Td>
                  <Table.Td>
                    {LICENSE_IMPORT_STATUS_LABELS[run.status]}
                    {run.status === 'failed' && run.error && (
                      <Text size="xs" c="dimmed">
                        {texts.runFailed(run.error)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {[run.imported, run.unchanged, run.different, run.invalid].map(formatCount).join(' / ')}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      aria-label={texts.reportOf(
                        run.fileName,
                        `${formatDate(run.createdAt)} ${formatTime(run.createdAt)}`,
                      )}
                      loading={download.running === run._id}
                      disabled={run.status === 'running'}
                      onClick={() => download.start(run._id, reportPath(run._id))}
                    >
                      {texts.runReport}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ActionFailure {...download.failure} />
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page + 1}
          onChange={(value) => setPage(value - 1)}
          getItemProps={(value) => ({ 'aria-label': pagerMessages.page(value) })}
          getControlProps={(control) => ({
            'aria-label': {
              first: pagerMessages.first,
              previous: pagerMessages.previous,
              next: pagerMessages.next,
              last: pagerMessages.last,
            }[control],
          })}
        />
      )}
    </Stack>
  );
}
