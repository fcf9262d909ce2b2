import { Checkbox, Paper, ScrollArea, Stack } from '@mantine/core';
import { NEXT_LABEL, pageTitles, termsMessages, type LicenseVersion } from '@lizenzportal/domain';
import { useState } from 'react';
import { FormSubmitButton } from '@/components/ui/form-submit-button';
import { TermsText } from './terms-text.tsx';

/** The download area starts with the terms: "Weiter" only once they are accepted (until then it says so). */
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
        name="termsAccepted"
        checked={accepted}
        onChange={(event) => setAccepted(event.currentTarget.checked)}
      />
      <FormSubmitButton
        type="button"
        align="flex-start"
        pending={accepted ? [] : [{ field: 'termsAccepted', label: termsMessages.acceptance, missing: true }]}
        onClick={onAccept}
      >
        {NEXT_LABEL}
      </FormSubmitButton>
    </Stack>
  );
}
