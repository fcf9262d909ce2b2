import { Button, Checkbox, Group, Paper, ScrollArea, Stack } from '@mantine/core';
import { NEXT_LABEL, pageTitles, termsMessages, type LicenseVersion } from '@lizenzportal/domain';
import { useState } from 'react';
import { TermsText } from './terms-text.tsx';

/** The download area starts with the terms: "Weiter" only once they are accepted. */
export function TermsAcceptance({ version, onAccept }: { version: LicenseVersion; onAccept: () => void }) {
  const [accepted, setAccepted] = useState(false);
  return (
    <Stack>
      <Paper withBorder p="md">
        {/* A scrolling box is reached and scrolled with the keyboard too. */}
        <ScrollArea.Autosize
          mah={360}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': pageTitles.terms }}
        >
          <TermsText version={version} />
        </ScrollArea.Autosize>
      </Paper>
      <Checkbox
        label={termsMessages.accept}
        checked={accepted}
        onChange={(event) => setAccepted(event.currentTarget.checked)}
      />
      <Group>
        <Button onClick={onAccept} disabled={!accepted}>
          {NEXT_LABEL}
        </Button>
      </Group>
    </Stack>
  );
}
