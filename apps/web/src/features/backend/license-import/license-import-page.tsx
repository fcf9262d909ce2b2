import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import {
  licenseImportPageMessages as texts,
  type ImportMapping,
  type LicenseImportUpload,
} from '@lizenzportal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { PageLoader } from '@/components/ui/page-loader';
import { failedCall } from '@/lib/api';
import { BACKEND_LICENSES_PATH } from '@/lib/paths';
import { ImportRuns } from './import-runs.tsx';
import { MappingTable } from './mapping-table.tsx';
import { RunStep } from './run-step.tsx';
import { UploadStep } from './upload-step.tsx';
import { IMPORT_RUNS_KEY, isRunning, useImportUpload } from './use-import.ts';

/** The upload the page works on, in the address: a reload or a bookmark comes back to it. */
const UPLOAD_PARAM = 'upload';

/**
 * `/backend/license/import`, „Lizenzen importieren” (decision 061): upload a file, map its
 * columns, a dry run and its report, then the import as a job with its progress; the runs below.
 */
export function LicenseImportPage() {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const uploadId = params.get(UPLOAD_PARAM);
  const upload = useImportUpload(uploadId);
  const chooseUpload = (chosen: LicenseImportUpload | null) => {
    if (chosen) client.setQueryData([`/license-import-upload/${chosen._id}`], { upload: chosen });
    setParams(chosen ? { [UPLOAD_PARAM]: chosen._id } : {});
  };
  return (
    <Page>
      <Group>
        <Anchor component={Link} to={BACKEND_LICENSES_PATH} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {texts.backToLicenses}
          </Group>
        </Anchor>
      </Group>
      <Text maw={720}>{texts.intro}</Text>
      <Paper withBorder p="md">
        {uploadId === null ? (
          <UploadStep onUploaded={chooseUpload} />
        ) : upload.isPending ? (
          <PageLoader />
        ) : upload.isError ? (
          <ErrorBox
            title={texts.uploadFailed}
            failure={failedCall(upload.error)}
            message={upload.error.message}
            onRetry={() => void upload.refetch()}
            retrying={upload.isFetching}
            details={
              <Button variant="default" size="xs" onClick={() => chooseUpload(null)}>
                {texts.otherFile}
              </Button>
            }
          />
        ) : (
          <UploadedFile
            key={upload.data._id}
            upload={upload.data}
            onOtherFile={() => {
              chooseUpload(null);
              void client.invalidateQueries({ queryKey: IMPORT_RUNS_KEY });
            }}
          />
        )}
      </Paper>
      <ImportRuns />
    </Page>
  );
}

const megabytes = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Steps 2 and 3 for an uploaded file: its mapping (kept while the page is open), then the runs. */
function UploadedFile({ upload, onOtherFile }: { upload: LicenseImportUpload; onOtherFile: () => void }) {
  const [mapping, setMapping] = useState<ImportMapping>(upload.mapping);
  const running = isRunning(upload);
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Text fw={600}>{texts.fileChosen(upload.fileName, megabytes.format(upload.bytes / 1_000_000))}</Text>
        <Button variant="default" size="xs" onClick={onOtherFile} disabled={running}>
          {texts.otherFile}
        </Button>
      </Group>
      {!upload.fileRemoved && (
        <Stack gap="sm" component="section" aria-labelledby="import-mapping-step">
          <Title order={2} id="import-mapping-step" size="h3">
            {texts.mappingStep}
          </Title>
          <Text size="sm">{texts.mappingIntro}</Text>
          <MappingTable columns={upload.columns} mapping={mapping} onChange={setMapping} disabled={running} />
        </Stack>
      )}
      <RunStep upload={upload} mapping={mapping} />
    </Stack>
  );
}
