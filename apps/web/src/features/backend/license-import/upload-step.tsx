import { Button, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  LICENSE_IMPORT_MAX_BYTES,
  licenseImportPageMessages as texts,
  type LicenseImportUpload,
} from '@lizenzportal/domain';
import { useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { failedCall, uploadFile } from '@/lib/api';

const MAX_MEGABYTES = LICENSE_IMPORT_MAX_BYTES / 1024 / 1024;

/** Step 1: the file chosen and sent, with the upload's progress; a refusal says why in German. */
export function UploadStep({ onUploaded }: { onUploaded: (upload: LicenseImportUpload) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);

  const upload = async () => {
    if (!file) return;
    setFailure(null);
    if (file.size > LICENSE_IMPORT_MAX_BYTES) {
      setFailure(new Error(texts.fileTooLarge(MAX_MEGABYTES)));
      return;
    }
    setPercent(0);
    try {
      const answer = await uploadFile<{ upload: LicenseImportUpload }>('/license-import-upload', file, {
        query: new URLSearchParams({ name: file.name }).toString(),
        onProgress: (sent, total) => setPercent(total > 0 ? Math.floor((sent / total) * 100) : 100),
      });
      onUploaded(answer.upload);
    } catch (error) {
      setFailure(error as Error);
    } finally {
      setPercent(null);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="import-file-step">
      <Title order={2} id="import-file-step" size="h3">
        {texts.fileStep}
      </Title>
      <Group align="flex-end">
        <FileInput
          label={texts.fileLabel}
          description={texts.fileDescription(MAX_MEGABYTES)}
          accept=".csv,.json,.jsonl,.txt,text/csv,application/json"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setFailure(null);
          }}
          clearable
          w={{ base: '100%', sm: 420 }}
          disabled={percent !== null}
        />
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => void upload()}
          disabled={!file}
          loading={percent !== null}
        >
          {texts.upload}
        </Button>
      </Group>
      {percent !== null && (
        <Stack gap={4}>
          <Progress value={percent} aria-label={texts.uploadProgress} animated />
          <Text size="sm" aria-live="polite">
            {texts.uploading(percent)}
          </Text>
        </Stack>
      )}
      {failure && (
        <ErrorBox title={texts.uploadFailed} failure={failedCall(failure)} message={failure.message} />
      )}
    </Stack>
  );
}
