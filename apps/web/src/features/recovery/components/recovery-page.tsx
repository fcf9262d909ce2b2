import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import {
  fieldLabel,
  GENERIC_SERVER_ERROR,
  RECOVERY_FAILED_TITLE,
  recoveryMessages,
  validationMessages,
} from '@lizenzportal/domain';
import { useMutation } from '@tanstack/react-query';
import { ErrorBox } from '@/components/ui/error-box';
import { FormSubmitButton } from '@/components/ui/form-submit-button';
import { Page } from '@/components/ui/page';
import { errorStatus, failedCall } from '@/lib/api';
import { focusAfterAction } from '@/lib/focus-after-action';
import { useRef } from 'react';
import { requestLicenseDocuments } from '../api.ts';
import { SuccessBox } from '@/components/ui/success-box';

const EMAIL_LABEL = fieldLabel('email');

/** `/lizenz-wiederherstellen`: the license documents of an e-mail address, sent again. */
export function RecoveryPage() {
  const form = useForm({
    initialValues: { email: '' },
    validateInputOnChange: true,
    validate: {
      email: (value) =>
        isNotEmpty(validationMessages.required(EMAIL_LABEL))(value) ??
        isEmail(validationMessages.invalid(EMAIL_LABEL))(value.trim()),
    },
  });
  // The form gives way to the confirmation: the focus goes there (decision 043), „Weitere Anfrage”
  // brings the form back with the focus in its field.
  const received = useRef<HTMLDivElement>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const recovery = useMutation({
    mutationFn: (email: string) => requestLicenseDocuments(email),
    onSuccess: () => focusAfterAction(() => received.current),
  });
  const status = errorStatus(recovery.error);

  function startOver() {
    recovery.reset();
    form.reset();
    focusAfterAction(() => emailField.current);
  }

  return (
    <Page>
      <Paper withBorder p="lg" maw={520}>
        {recovery.isSuccess ? (
          <Stack>
            <SuccessBox
              ref={received}
              title={recoveryMessages.receivedTitle}
              icon={<IconMailCheck aria-hidden />}
            >
              {recoveryMessages.received}
            </SuccessBox>
            <Group>
              <Button variant="default" onClick={startOver}>
                {recoveryMessages.anotherRequest}
              </Button>
            </Group>
          </Stack>
        ) : (
          <form
            noValidate
            onSubmit={form.onSubmit(({ email }) => {
              // A second click while the first request runs sends nothing more.
              if (!recovery.isPending) recovery.mutate(email.trim());
            })}
          >
            <Stack>
              <Text>{recoveryMessages.intro}</Text>
              <TextInput
                ref={emailField}
                label={EMAIL_LABEL}
                name="email"
                type="email"
                autoComplete="email"
                {...form.getInputProps('email')}
              />
              {recovery.error && (
                <ErrorBox
                  title={RECOVERY_FAILED_TITLE}
                  failure={failedCall(recovery.error)}
                  message={status !== null && status >= 500 ? GENERIC_SERVER_ERROR : recovery.error.message}
                />
              )}
              <FormSubmitButton
                pending={
                  form.errors['email']
                    ? [{ field: 'email', label: EMAIL_LABEL, missing: form.values.email.trim() === '' }]
                    : []
                }
                loading={recovery.isPending}
              >
                {recoveryMessages.submit}
              </FormSubmitButton>
            </Stack>
          </form>
        )}
      </Paper>
    </Page>
  );
}
