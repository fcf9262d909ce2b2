import { Button, Group, Stack } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import {
  contactChangeMessages,
  formatDateTimeToMinute,
  type ContactChangeView,
  type License,
} from '@lizenzportal/domain';
import { lazy, Suspense, useRef, useState } from 'react';
import { PageLoader } from '@/components/ui/page-loader';
import { focusAfterAction } from '@/lib/focus-after-action';
import { SuccessBox } from '@/components/ui/success-box';

/** The form loads when it is opened: a holder who only comes to download does not load it (decision 054). */
const ContactChangeForm = lazy(async () => ({
  default: (await import('./contact-change-form.tsx')).ContactChangeForm,
}));

/**
 * „Kontakt ändern” below a bound license: the button opens the form; once the link is mailed, the
 * form gives way to the note that says where it went and until when it is valid (the focus goes
 * there); „Abbrechen” closes the form and gives the focus back to the button.
 */
export function ContactChangeSection({ license }: { license: License }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<ContactChangeView | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const sentNote = useRef<HTMLDivElement>(null);
  return (
    <Stack>
      {sent && (
        <SuccessBox
          ref={sentNote}
          title={contactChangeMessages.sentTitle}
          icon={<IconMailCheck aria-hidden />}
        >
          {contactChangeMessages.sent(sent.email, formatDateTimeToMinute(sent.expiresAt))}
        </SuccessBox>
      )}
      {open ? (
        <Suspense fallback={<PageLoader />}>
          <ContactChangeForm
            license={license}
            onSent={(change) => {
              setSent(change);
              setOpen(false);
              focusAfterAction(() => sentNote.current);
            }}
            onCancel={() => {
              setOpen(false);
              focusAfterAction(() => openButton.current);
            }}
          />
        </Suspense>
      ) : (
        <Group>
          <Button
            ref={openButton}
            variant="default"
            onClick={() => {
              setSent(null);
              setOpen(true);
              focusAfterAction(() => document.getElementById('contact-change-title'));
            }}
          >
            {contactChangeMessages.open}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
