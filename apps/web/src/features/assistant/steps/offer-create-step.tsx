import { Checkbox, Fieldset, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  assistantMessages,
  assistantScreens,
  fieldLabel,
  MAX_NOTE_LENGTH,
  MAX_REFERENCE_LENGTH,
  type CallError,
} from '@lizenzportal/domain';
import { useState, type FormEvent, type SyntheticEvent } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { FormSubmitButton } from '@/components/ui/form-submit-button';
import { AddressFields } from '../address-fields.tsx';
import { useAssistant } from '../assistant-context.ts';
import {
  initialOfferForm,
  offerFormInput,
  offerFormPending,
  offerFormProblems,
  type OfferFormValues,
} from '../offer-form.ts';
import { StepFrame } from '../step-frame.tsx';

const blockPaste = (event: SyntheticEvent) => event.preventDefault();

/**
 * The offer form: e-mail (repeated, not pasted), reference, note, billing address and optionally
 * a different shipping address. „Angebot per E-Mail anfordern” waits while a field is missing or
 * wrong and says which (`FormSubmitButton`); messages show once a field was left or a submit was
 * tried. It submits once: the
 * machine leaves the form while the offer is made.
 */
export function OfferCreateStep() {
  const { snapshot, send } = useAssistant();
  const { context } = snapshot;
  const [values, setValues] = useState<OfferFormValues>(() => initialOfferForm(context.billing));
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set());
  const problems = offerFormProblems(values, context);
  // A chosen country is never "not yet filled in": its problem (DVDs abroad) shows at once.
  const shown = Object.fromEntries(
    Object.entries(problems).filter(([path]) => visited.has(path) || path.endsWith('countryCode')),
  );
  const busy = snapshot.hasTag('busy');
  const event = { type: 'CREATE_OFFER' as const, offer: offerFormInput(values) };
  const failure: { title: string; error: CallError } | null = busy
    ? null
    : context.errors.createOffer
      ? { title: assistantMessages.createOfferTitle, error: context.errors.createOffer }
      : context.errors.patchSession
        ? { title: assistantMessages.patchSessionTitle, error: context.errors.patchSession }
        : context.errors.createSession
          ? { title: assistantMessages.createSessionTitle, error: context.errors.createSession }
          : null;

  function visit(...paths: string[]) {
    setVisited((before) => new Set([...before, ...paths]));
  }
  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    visit(...Object.keys(problems));
    if (snapshot.can(event)) send(event);
  }
  const billingText = (field: 'email' | 'reference', extra: object = {}) => ({
    label: fieldLabel(`billing.${field}`),
    value: values.billing[field],
    error: shown[`billing.${field}`],
    disabled: busy,
    onChange: (change: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, billing: { ...values.billing, [field]: change.currentTarget.value } }),
    name: `billing.${field}`,
    ...extra,
  });

  return (
    <StepFrame title={assistantScreens.offerCreateTitle} busyText={assistantScreens.creatingOffer}>
      <Text>{assistantScreens.offerCreateText}</Text>
      {/* A field's message shows once the field was left (its name is its path). */}
      <form
        onSubmit={submit}
        noValidate
        onBlur={(blur) => {
          const { name } = blur.target as EventTarget as Partial<HTMLInputElement>;
          if (name) visit(name);
        }}
      >
        <Stack>
          <TextInput {...billingText('email')} type="email" required autoComplete="email" />
          <TextInput
            label={fieldLabel('emailConfirmation')}
            value={values.emailConfirmation}
            error={shown['emailConfirmation']}
            required
            disabled={busy}
            autoComplete="off"
            onPaste={blockPaste}
            onDrop={blockPaste}
            name="emailConfirmation"
            onChange={(change) => setValues({ ...values, emailConfirmation: change.currentTarget.value })}
          />
          <TextInput {...billingText('reference')} maxLength={MAX_REFERENCE_LENGTH} />
          <Textarea
            label={fieldLabel('billing.note')}
            value={values.billing.note}
            error={shown['billing.note']}
            maxLength={MAX_NOTE_LENGTH}
            disabled={busy}
            autosize
            minRows={2}
            onChange={(change) =>
              setValues({ ...values, billing: { ...values.billing, note: change.currentTarget.value } })
            }
            name="billing.note"
          />
          <Fieldset legend={assistantScreens.billingAddress}>
            <AddressFields
              prefix="billing"
              value={values.billing}
              onChange={(address) => setValues({ ...values, billing: { ...values.billing, ...address } })}
              errors={shown}
              countryFixed
              disabled={busy}
            />
          </Fieldset>
          <Checkbox
            label={assistantScreens.shipToDifferentAddress}
            checked={values.shipToDifferentAddress}
            disabled={busy}
            onChange={(change) =>
              setValues({ ...values, shipToDifferentAddress: change.currentTarget.checked })
            }
          />
          {values.shipToDifferentAddress && (
            <Fieldset legend={assistantScreens.shippingAddress}>
              <AddressFields
                prefix="shipping"
                value={values.shipping}
                onChange={(shipping) => setValues({ ...values, shipping })}
                errors={shown}
                disabled={busy}
              />
            </Fieldset>
          )}
          {failure && (
            <ErrorBox
              title={failure.title}
              failure={failure.error}
              message={failure.error.message}
              onRetry={snapshot.can(event) ? () => send(event) : undefined}
            />
          )}
          <FormSubmitButton
            pending={offerFormPending(values, problems)}
            onBlocked={() => visit(...Object.keys(problems))}
            loading={busy}
          >
            {assistantScreens.requestOffer}
          </FormSubmitButton>
        </Stack>
      </form>
    </StepFrame>
  );
}
