import { backOfficeMessages } from '@lizenzportal/domain';
import { lazy, Suspense } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { PageLoader } from '@/components/ui/page-loader';

/** The form loads when the dialog opens: the list's first screen does not show it (decision 055). */
const CreateLicensesForm = lazy(async () => ({
  default: (await import('./create-licenses-form.tsx')).CreateLicensesForm,
}));

/**
 * „Lizenzen erzeugen” over the license list. Loaded with its first opening, and kept afterwards, so
 * that it gives the focus back to the button that opened it as it closes (decision 072).
 */
export function CreateLicensesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <ModalDialog opened={opened} onClose={onClose} title={backOfficeMessages.createLicenses} size="lg">
      <Suspense fallback={<PageLoader />}>
        <CreateLicensesForm onCreated={onClose} />
      </Suspense>
    </ModalDialog>
  );
}
