import { Loader } from '@mantine/core';
import { fieldLabel, LICENSE_KEY_FORMAT } from '@lizenzportal/domain';
import { FormattedInput } from '@/components/ui/formatted-input';

interface LicenseKeyInputProps {
  value: string;
  onChange?: (formatted: string) => void;
  checking?: boolean;
  readOnly?: boolean;
}

/** The license key, upper-cased and grouped `XXXX-XXXX-XXXX` while typing. */
export function LicenseKeyInput({ value, onChange, checking, readOnly }: LicenseKeyInputProps) {
  return (
    <FormattedInput
      format={LICENSE_KEY_FORMAT}
      label={fieldLabel('key')}
      description={readOnly ? undefined : 'Sie finden ihn in Ihrem Startdokument oder Lizenzdokument.'}
      placeholder="XXXX-XXXX-XXXX"
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      autoCapitalize="characters"
      rightSection={checking ? <Loader size="xs" aria-label="Lizenzschlüssel wird geprüft" /> : undefined}
    />
  );
}
