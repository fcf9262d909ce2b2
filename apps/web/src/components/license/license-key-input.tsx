import { Loader } from '@mantine/core';
import {
  credentialFieldMessages,
  fieldLabel,
  LICENSE_KEY_FORMAT,
  LICENSE_KEY_PLACEHOLDER,
} from '@lizenzportal/domain';
import { useDescribedElsewhere } from '@/components/ui/described-elsewhere';
import { FormattedInput } from '@/components/ui/formatted-input';

interface LicenseKeyInputProps {
  value: string;
  onChange?: (formatted: string) => void;
  checking?: boolean;
  readOnly?: boolean;
  /** The id of the message that says what is wrong with the key (in the form's error box): the field is invalid and described by it. */
  errorId?: string | undefined;
}

/** The license key, upper-cased and grouped `XXXX-XXXX-XXXX` while typing. */
export function LicenseKeyInput({ value, onChange, checking, readOnly, errorId }: LicenseKeyInputProps) {
  const ref = useDescribedElsewhere<HTMLInputElement>(errorId);
  return (
    <FormattedInput
      ref={ref}
      error={errorId !== undefined}
      format={LICENSE_KEY_FORMAT}
      label={fieldLabel('key')}
      description={readOnly ? undefined : credentialFieldMessages.keyHint}
      placeholder={LICENSE_KEY_PLACEHOLDER}
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      autoCapitalize="characters"
      rightSection={
        checking ? <Loader size="xs" aria-label={credentialFieldMessages.keyChecking} /> : undefined
      }
    />
  );
}
