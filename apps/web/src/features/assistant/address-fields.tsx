import { Group, Stack, TextInput } from '@mantine/core';
import { COUNTRY_CODES, countryName, fieldLabel } from '@lizenzportal/domain';
import type { AddressValues, OfferFormProblems } from './offer-form.ts';
import { CountrySelect } from './country-select.tsx';

const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort(
  (a, b) => a.label.localeCompare(b.label, 'de'),
);

interface AddressFieldsProps {
  prefix: 'billing' | 'shipping';
  value: AddressValues;
  onChange: (value: AddressValues) => void;
  /** Messages by field path (`billing.name`), shown for the fields already visited. */
  errors: OfferFormProblems;
  /** The billing country priced the cart: it is shown as a read-only field, not changed, in the offer form. */
  countryFixed?: boolean;
  disabled?: boolean;
}

/** An address with the spec's labels and required fields (customer spec §3, §5). */
export function AddressFields({
  prefix,
  value,
  onChange,
  errors,
  countryFixed,
  disabled,
}: AddressFieldsProps) {
  const text = (field: Exclude<keyof AddressValues, 'countryCode'>, required: boolean) => ({
    label: fieldLabel(`${prefix}.${field}`),
    name: `${prefix}.${field}`,
    value: value[field],
    error: errors[`${prefix}.${field}`],
    required,
    disabled,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...value, [field]: event.currentTarget.value }),
  });
  return (
    <Stack gap="sm">
      <TextInput {...text('name', true)} autoComplete={`${prefix} organization`} />
      <TextInput {...text('additional1', false)} />
      <TextInput {...text('additional2', false)} />
      <Group grow align="flex-start" wrap="wrap">
        <TextInput {...text('street', true)} autoComplete={`${prefix} address-line1`} miw={180} />
        <TextInput {...text('houseNumber', true)} miw={100} />
      </Group>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput {...text('postcode', true)} autoComplete={`${prefix} postal-code`} miw={100} />
        <TextInput {...text('city', true)} autoComplete={`${prefix} address-level2`} miw={180} />
      </Group>
      {countryFixed ? (
        // The country priced the cart: a read-only field, not a list that does not open.
        <TextInput
          label={fieldLabel(`${prefix}.countryCode`)}
          name={`${prefix}.countryCode`}
          value={countryName(value.countryCode)}
          error={errors[`${prefix}.countryCode`]}
          readOnly
          variant="filled"
        />
      ) : (
        <CountrySelect
          label={fieldLabel(`${prefix}.countryCode`)}
          data={COUNTRY_OPTIONS}
          name={`${prefix}.countryCode`}
          id={`${prefix}.countryCode`}
          value={value.countryCode}
          onChange={(countryCode) => countryCode && onChange({ ...value, countryCode })}
          error={errors[`${prefix}.countryCode`]}
          disabled={disabled}
          searchable
          allowDeselect={false}
          required
        />
      )}
    </Stack>
  );
}
