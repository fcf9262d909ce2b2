import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  bindingErrorMessage,
  bindingMessages,
  holderProblems,
  initialHolderType,
  type HolderFormField,
  type HolderFormValues,
  type License,
} from '@lizenzportal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { HolderFields, holderPending } from '@/components/holder-form/holder-fields';
import { ErrorBox } from '@/components/ui/error-box';
import { FormSubmitButton } from '@/components/ui/form-submit-button';
import { errorStatus, failedCall } from '@/lib/api';
import { focusAfterAction } from '@/lib/focus-after-action';
import { reloadAfterStatusChange } from '@/lib/auth';
import { DEFAULT_LINKS, useSettings } from '@/lib/settings';
import { bindHolder } from '../api.ts';

/**
 * The binding of an unbound license (customer spec §2, §4, §5, §8): the holder form with its
 * consents, submit waiting (and saying for what) while a rule is broken, the catalogue's messages on failure. After
 * success the user and the cached key status are loaded again; the overview then shows the
 * after-binding panel.
 */
export function BindingForm({ license, onBound }: { license: License; onBound: () => void }) {
  const queryClient = useQueryClient();
  const settings = useSettings().data;
  const licenseClass = license.properties.class;
  const [values, setValues] = useState<HolderFormValues>(() => ({
    holderType: initialHolderType(licenseClass, license.holder),
    name: '',
    contact: '',
    email: '',
    emailConfirmation: '',
    authorized: false,
    privacyAccepted: false,
  }));
  // Messages appear for the fields the user has changed (all once submit was pressed); submit waits while any exist.
  const [visited, setVisited] = useState<ReadonlySet<HolderFormField>>(new Set());
  const problems = holderProblems(values, { licenseClass, consents: true });
  const shown = Object.fromEntries(
    Object.entries(problems).filter(([field]) => visited.has(field as HolderFormField)),
  );
  const errorBox = useRef<HTMLDivElement>(null);
  // Bound, but the license could not be loaded again: said here until the next try, not only in the toast.
  const [reloadFailed, setReloadFailed] = useState(false);
  const reloadAlert = useRef<HTMLDivElement>(null);
  const binding = useMutation({
    mutationFn: () =>
      bindHolder(license._id, {
        ...(values.holderType ? { holderType: values.holderType } : {}),
        name: values.name.trim(),
        email: values.email.trim(),
        emailConfirmation: values.emailConfirmation.trim(),
        // Kept only for organizations (the server drops it for persons).
        ...(values.contact.trim() ? { contact: values.contact.trim() } : {}),
      }),
    onSuccess: async () => {
      onBound();
      try {
        await reloadAfterStatusChange(queryClient);
      } catch {
        setReloadFailed(true);
        focusAfterAction(() => reloadAlert.current);
        notifications.show({ color: 'red', message: bindingMessages.reloadFailed });
      }
    },
    onError: () => focusAfterAction(() => errorBox.current),
  });
  const status = errorStatus(binding.error);
  const supportEmail = settings?.supportEmail ?? '';

  return (
    <Paper withBorder p="lg" maw={640}>
      <form
        noValidate
        aria-labelledby="binding-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (Object.keys(problems).length > 0 || binding.isPending) return;
          setReloadFailed(false);
          binding.mutate();
        }}
      >
        <Stack>
          <Title order={2} size="h3" id="binding-title">
            {bindingMessages.title}
          </Title>
          <Text size="sm">{bindingMessages.intro}</Text>
          <HolderFields
            value={values}
            onChange={(next, field) => {
              setValues(next);
              setVisited((before) => new Set(before).add(field));
            }}
            errors={shown}
            licenseClass={licenseClass}
            consents
            privacyUrl={settings?.privacyUrl ?? DEFAULT_LINKS.privacyUrl}
            disabled={binding.isPending}
          />
          {binding.error && (
            <ErrorBox
              ref={errorBox}
              title={bindingMessages.errorTitle(status)}
              failure={failedCall(binding.error)}
              message={bindingErrorMessage(status, supportEmail)}
              details={status === 400 ? binding.error.message : undefined}
            />
          )}
          {reloadFailed && (
            <Alert ref={reloadAlert} color="red" role="alert">
              {bindingMessages.reloadFailed}
            </Alert>
          )}
          <FormSubmitButton
            pending={holderPending(values, problems)}
            onBlocked={() => setVisited(new Set(Object.keys(problems) as HolderFormField[]))}
            loading={binding.isPending}
          >
            {bindingMessages.submit}
          </FormSubmitButton>
        </Stack>
      </form>
    </Paper>
  );
}
