import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  bindingMessages,
  contactChangeErrorMessage,
  contactChangeMessages,
  contactProblems,
  HOLDER_FORM_LABELS,
  toNewContact,
  type ContactChangeView,
  type ContactFormField,
  type ContactFormValues,
  type License,
} from '@lizenzportal/domain';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { FormSubmitButton, type PendingField } from '@/components/ui/form-submit-button';
import { errorStatus, failedCall } from '@/lib/api';
import { focusAfterAction } from '@/lib/focus-after-action';
import { requestContactChange } from '../api.ts';

const FIELD_ORDER: readonly ContactFormField[] = ['contact', 'email', 'emailConfirmation'];
const blockPaste = (event: SyntheticEvent) => event.preventDefault();

/**
 * „Kontakt ändern” of a bound license: the holder name shown read-only (it is the sign-in), the
 * contact person (organizations) and e-mail address with its confirmation (pasting blocked, asked
 * for only when the address is new), the domain's messages for the fields the user touched, and
 * the catalogue's message when the request fails. `onSent` hears of the link mailed.
 */
export function ContactChangeForm({
  license,
  onSent,
  onCancel,
}: {
  license: License;
  onSent: (change: ContactChangeView) => void;
  onCancel: () => void;
}) {
  const { holder } = license;
  const organization = holder.holderType === 'organization';
  const [values, setValues] = useState<ContactFormValues>({
    contact: holder.contact ?? '',
    email: holder.email ?? '',
    emailConfirmation: '',
  });
  const [visited, setVisited] = useState<ReadonlySet<ContactFormField>>(new Set());
  const problems = contactProblems(values, holder);
  const emailChanged = values.email.trim().toLowerCase() !== (holder.email ?? '').toLowerCase();
  const errorBox = useRef<HTMLDivElement>(null);
  const change = useMutation({
    mutationFn: () =>
      requestContactChange(license._id, {
        ...toNewContact(values, holder.holderType),
        emailConfirmation: values.emailConfirmation.trim(),
      }),
    onSuccess: onSent,
    onError: () => focusAfterAction(() => errorBox.current),
  });
  const status = errorStatus(change.error);
  const field = (name: ContactFormField) => ({
    label: HOLDER_FORM_LABELS[name],
    name,
    value: values[name],
    error: visited.has(name) ? problems[name] : undefined,
    disabled: change.isPending,
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((before) => ({ ...before, [name]: value }));
      setVisited((before) => new Set(before).add(name));
    },
  });
  const pending: PendingField[] = FIELD_ORDER.filter((name) => problems[name] !== undefined).map((name) => ({
    field: name,
    label: HOLDER_FORM_LABELS[name],
    missing: values[name].trim() === '',
  }));

  return (
    <Paper withBorder p="lg" maw={640}>
      <form
        noValidate
        aria-labelledby="contact-change-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (pending.length > 0 || change.isPending) return;
          change.mutate();
        }}
      >
        <Stack>
          <Title order={2} size="h3" id="contact-change-title">
            {contactChangeMessages.title}
          </Title>
          <Text size="sm">{contactChangeMessages.intro}</Text>
          <TextInput
            label={HOLDER_FORM_LABELS.name}
            name="holderName"
            value={holder.name ?? ''}
            readOnly
            description={contactChangeMessages.holderNameHint}
          />
          {organization && <TextInput {...field('contact')} autoComplete="name" />}
          <TextInput {...field('email')} type="email" autoComplete="email" />
          {emailChanged && (
            <TextInput
              {...field('emailConfirmation')}
              type="email"
              autoComplete="off"
              description={bindingMessages.confirmationHint}
              onPaste={blockPaste}
              onDrop={blockPaste}
            />
          )}
          {change.error && (
            <ErrorBox
              ref={errorBox}
              title={contactChangeMessages.errorTitle}
              failure={failedCall(change.error)}
              message={contactChangeErrorMessage(status, change.error.message)}
            />
          )}
          <Group justify="flex-end" align="flex-start">
            <Button variant="default" onClick={onCancel} disabled={change.isPending}>
              {contactChangeMessages.cancel}
            </Button>
            <FormSubmitButton
              pending={pending}
              onBlocked={() => setVisited(new Set(FIELD_ORDER))}
              loading={change.isPending}
            >
              {contactChangeMessages.submit}
            </FormSubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
