import { TextInput, type TextInputProps } from '@mantine/core';
import { credentialFieldMessages, fieldLabel, START_CODE_FORMAT, type CodeKind } from '@lizenzportal/domain';
import { useDescribedElsewhere } from '@/components/ui/described-elsewhere';
import { FormattedInput } from '@/components/ui/formatted-input';

interface LoginCodeInputProps {
  kind: CodeKind;
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** The id of the message that says what is wrong with the code (in the form's error box). */
  errorId?: string | undefined;
}

interface CodeField {
  label: string;
  description: string;
  placeholder?: string;
  inputMode?: TextInputProps['inputMode'];
}

const CODE_FIELDS: Record<CodeKind, CodeField> = {
  startCode: {
    label: fieldLabel('startCode'),
    description: credentialFieldMessages.startCodeHint,
    placeholder: '123 456',
    inputMode: 'numeric',
  },
  holderName: {
    label: fieldLabel('holder.name'),
    description: credentialFieldMessages.holderNameHint,
  },
};

/**
 * The second sign-in value: the start code (`123 456`, digits only) or the exact holder name. It
 * appears below the key once the key's status is known and takes no focus by itself: the focus
 * moves only when the user moves it (WCAG 3.2.2), Tab reaches it next.
 */
export function LoginCodeInput({ kind, value, onChange, readOnly, errorId }: LoginCodeInputProps) {
  const field = CODE_FIELDS[kind];
  const ref = useDescribedElsewhere<HTMLInputElement>(errorId);
  const props = {
    ref,
    error: errorId !== undefined,
    label: field.label,
    description: readOnly ? undefined : field.description,
    placeholder: field.placeholder,
    inputMode: field.inputMode,
    readOnly,
    value,
  };
  if (kind === 'startCode')
    return <FormattedInput format={START_CODE_FORMAT} onChange={onChange} {...props} />;
  // The holder name is typed exactly as it is written: no grouping.
  return (
    <TextInput {...props} autoComplete="off" onChange={(event) => onChange?.(event.currentTarget.value)} />
  );
}
