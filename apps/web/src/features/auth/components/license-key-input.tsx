import { Loader, TextInput } from '@mantine/core';
import { fieldLabel, formatLicenseKey } from '@lizenzportal/domain';

interface LicenseKeyInputProps {
  value: string;
  onChange?: (formatted: string) => void;
  checking?: boolean;
  readOnly?: boolean;
}

/** The license key, upper-cased and grouped `XXXX-XXXX-XXXX` while typing. */
export function LicenseKeyInput({ value, onChange, checking, readOnly }: LicenseKeyInputProps) {
  return (
    <TextInput
      label={fieldLabel('key')}
      description={readOnly ? undefined : 'Sie finden ihn in Ihrem Startdokument oder Lizenzdokument.'}
      placeholder="XXXX-XXXX-XXXX"
      value={value}
      onChange={(event) => onChange?.(formatLicenseKey(event.currentTarget.value))}
      readOnly={readOnly}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      rightSection={checking ? <Loader size="xs" aria-label="Lizenzschlüssel wird geprüft" /> : undefined}
    />
  );
}
