import { Button, Checkbox, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconSearch } from '@tabler/icons-react';
import {
  licenseImportPageMessages as texts,
  type ImportMapping,
  type LicenseImportUpload,
} from '@lizenzportal/domain';
import { useId, useState } from 'react';
import { ActionFailure } from '../components/action-failure.tsx';
import { ImportReport } from './import-report.tsx';
import { isRunning, useRunRequest } from './use-import.ts';

/** Whether two mappings name the same field for every column (a missing column is read by its title). */
function sameMapping(left: ImportMapping, right: ImportMapping): boolean {
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  const field = (mapping: ImportMapping, key: string) =>
    Object.hasOwn(mapping, key) ? mapping[key] : undefined;
  return [...keys].every((key) => field(left, key) === field(right, key));
}

interface RunStepProps {
  upload: LicenseImportUpload;
  mapping: ImportMapping;
}

/**
 * Step 3: the dry run first, its report, then „Import ausführen” for the same mapping — with
 * errors only once „Nur gültige Zeilen importieren” is ticked. A run's progress shows while it goes.
 */
export function RunStep({ upload, mapping }: RunStepProps) {
  const request = useRunRequest(upload._id);
  const [onlyValid, setOnlyValid] = useState(false);
  const noteId = useId();
  const run = upload.run;
  const running = isRunning(upload) || request.isPending;
  const changed = run !== null && !sameMapping(mapping, upload.mapping);
  const checked = run !== null && run.dryRun && (run.status === 'checked' || run.status === 'refused');
  const canImport = checked && !changed && !running && !upload.fileRemoved;
  const needsChoice = canImport && run.invalid > 0;
  const importAllowed = canImport && (!needsChoice || onlyValid);

  const start = (dryRun: boolean) =>
    request.mutate({ mapping, dryRun, onlyValid: dryRun ? false : needsChoice && onlyValid });

  return (
    <Stack gap="sm" component="section" aria-labelledby="import-run-step">
      <Title order={2} id="import-run-step" size="h3">
        {texts.checkStep}
      </Title>
      {upload.fileRemoved ? (
        // After its import the file is gone by design: the report below says what was imported.
        !(run && !run.dryRun && run.status === 'completed') && <Text>{texts.fileGone}</Text>
      ) : (
        <Group gap="sm">
          <Button
            variant={canImport ? 'default' : 'filled'}
            leftSection={<IconSearch size={16} aria-hidden />}
            onClick={() => start(true)}
            disabled={running}
          >
            {run ? texts.dryRunAgain : texts.dryRun}
          </Button>
          {canImport && (
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              aria-disabled={!importAllowed}
              aria-describedby={needsChoice && !onlyValid ? noteId : undefined}
              data-disabled={!importAllowed || undefined}
              onClick={() => importAllowed && start(false)}
            >
              {texts.runImport}
            </Button>
          )}
        </Group>
      )}
      {needsChoice && (
        <Checkbox
          label={texts.onlyValid}
          description={texts.onlyValidDescription(run.invalid)}
          checked={onlyValid}
          onChange={(event) => setOnlyValid(event.currentTarget.checked)}
          styles={{ description: { color: 'var(--mantine-color-text)' } }}
        />
      )}
      {needsChoice && !onlyValid && (
        <Text size="sm" id={noteId}>
          {texts.chooseOnlyValid}
        </Text>
      )}
      {changed && !running && <Text size="sm">{texts.mappingChanged}</Text>}
      {!run && !running && !upload.fileRemoved && <Text size="sm">{texts.importNeedsDryRun}</Text>}
      <ActionFailure error={request.error} />
      {running ? <RunProgress upload={upload} /> : run && <ImportReport run={run} />}
    </Stack>
  );
}

/** The progress bar of the run asked for: waiting for its start, its rows read, then the check and write. */
function RunProgress({ upload }: { upload: LicenseImportUpload }) {
  const run = upload.run?.status === 'running' ? upload.run : null;
  const expected = Math.max(upload.rowsExpected, 1);
  const read = run?.rowsRead ?? 0;
  const status = !run
    ? texts.queued
    : read >= upload.rowsExpected
      ? texts.checking
      : texts.rowsProgress(read, upload.rowsExpected);
  return (
    <Stack gap={4}>
      <Progress
        value={run ? Math.min(100, (read / expected) * 100) : 0}
        aria-label={texts.progressLabel}
        aria-valuetext={status}
        animated
      />
      <Text size="sm" aria-live="polite">
        {status}
      </Text>
    </Stack>
  );
}
