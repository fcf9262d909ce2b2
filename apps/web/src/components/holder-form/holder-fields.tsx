import { NewTabNote } from '@/components/ui/new-tab-note';
import { Alert, Checkbox, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  allowedHolderTypes,
  bindingMessages,
  HOLDER_FORM_LABELS,
  HOLDER_NAME_MAX_LENGTH,
  HOLDER_NAME_MIN_LENGTH,
  HOLDER_TYPE_LABELS,
  type HolderFormField,
  type HolderFormValues,
  type HolderProblems,
  type HolderType,
  type LicenseClass,
} from '@lizenzportal/domain';
import type { ChangeEvent, SyntheticEvent } from 'react';
import type { PendingField } from '@/components/ui/form-submit-button';

export interface HolderFieldsProps {
  value: HolderFormValues;
  /** The whole new value and the field that changed (to mark it as visited). */
  onChange: (value: HolderFormValues, field: HolderFormField) => void;
  /** The messages to show, one per field: the domain's `holderProblems`, filtered as the form likes. */
  errors: HolderProblems;
  /** The class decides the holder type (personal → person, pro → organization, else free). */
  licenseClass: LicenseClass | null;
  /** Show the two checkboxes (authorized, privacy); the values are `authorized` and `privacyAccepted`. */
  consents?: boolean;
  /** Link target of the privacy policy named beside its checkbox. */
  privacyUrl?: string;
  disabled?: boolean;
}

/** The fields in the order the form shows them. */
const FIELD_ORDER: readonly HolderFormField[] = [
  'holderType',
  'name',
  'contact',
  'email',
  'emailConfirmation',
  'authorized',
  'privacyAccepted',
];

/**
 * What keeps a holder form from being sent, for its submit button's note (`FormSubmitButton`):
 * the fields with a problem, by their labels, missing when empty or unchecked. The fields are
 * named by their keys (`name="email"`).
 */
export function holderPending(values: HolderFormValues, problems: HolderProblems): PendingField[] {
  return FIELD_ORDER.filter((field) => problems[field] !== undefined).map((field) => {
    const value = values[field];
    return {
      field,
      label: HOLDER_FORM_LABELS[field],
      missing: value === null || value === false || (typeof value === 'string' && value.trim() === ''),
    };
  });
}

const blockPaste = (event: SyntheticEvent) => event.preventDefault();

/**
 * The holder fields of a binding (customer spec §2, §5): holder type (or the note that the class
 * forces it), name, contact for organizations, e-mail and its confirmation (pasting blocked), and
 * optionally the two consents. It holds no state: the value, the changes and the messages come
 * from the form around it — the portal's binding and the assistant's holder step.
 */
export function HolderFields({
  value,
  onChange,
  errors,
  licenseClass,
  consents = false,
  privacyUrl,
  disabled = false,
}: HolderFieldsProps) {
  const allowed = allowedHolderTypes(licenseClass);
  const holderType = value.holderType ?? (allowed.length === 1 ? allowed[0]! : null);
  const set = <F extends HolderFormField>(field: F, fieldValue: HolderFormValues[F]) =>
    onChange({ ...value, [field]: fieldValue }, field);
  const text = (field: 'name' | 'contact' | 'email' | 'emailConfirmation') => ({
    label: HOLDER_FORM_LABELS[field],
    name: field,
    value: value[field],
    error: errors[field],
    disabled,
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
  });

  return (
    <Stack gap="md">
      {allowed.length > 1 ? (
        <Radio.Group
          label={HOLDER_FORM_LABELS.holderType}
          name="holderType"
          value={value.holderType ?? ''}
          onChange={(type) => set('holderType', type as HolderType)}
          error={errors.holderType}
          required
        >
          <Stack gap="xs" mt="xs">
            {allowed.map((type) => (
              <Radio key={type} value={type} label={HOLDER_TYPE_LABELS[type]} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Text size="sm" c="dimmed">
          {holderType === 'person' ? bindingMessages.forcedPerson : bindingMessages.forcedOrganization}
        </Text>
      )}
      <TextInput
        {...text('name')}
        description={bindingMessages.nameHint(HOLDER_NAME_MIN_LENGTH, HOLDER_NAME_MAX_LENGTH)}
        maxLength={HOLDER_NAME_MAX_LENGTH}
        autoComplete={holderType === 'organization' ? 'organization' : 'name'}
      />
      {holderType === 'organization' && <TextInput {...text('contact')} autoComplete="name" />}
      <TextInput {...text('email')} type="email" autoComplete="email" />
      <TextInput
        {...text('emailConfirmation')}
        type="email"
        autoComplete="off"
        description={bindingMessages.confirmationHint}
        onPaste={blockPaste}
        onDrop={blockPaste}
      />
      {consents && (
        <Stack gap="xs">
          <Checkbox
            label={bindingMessages.authorizedLabel}
            name="authorized"
            checked={value.authorized ?? false}
            onChange={(event) => set('authorized', event.currentTarget.checked)}
            error={errors.authorized}
            disabled={disabled}
          />
          <Checkbox
            label={
              privacyUrl ? (
                <>
                  {bindingMessages.privacyLabel}{' '}
                  <a href={privacyUrl} target="_blank" rel="noreferrer">
                    {bindingMessages.privacyLink}
                    <NewTabNote />
                  </a>
                </>
              ) : (
                bindingMessages.privacyLabel
              )
            }
            name="privacyAccepted"
            checked={value.privacyAccepted ?? false}
            onChange={(event) => set('privacyAccepted', event.currentTarget.checked)}
            error={errors.privacyAccepted}
            disabled={disabled}
          />
        </Stack>
      )}
      {holderType === 'organization' && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {bindingMessages.organizationWarning}
        </Alert>
      )}
    </Stack>
  );
}
