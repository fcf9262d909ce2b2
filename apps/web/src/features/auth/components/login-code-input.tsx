import { TextInput, type TextInputProps } from '@mantine/core';
import { fieldLabel, formatStartCode, type CodeKind } from '@lizenzportal/domain';

interface LoginCodeInputProps {
  kind: CodeKind;
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
}

interface CodeField {
  label: string;
  description: string;
  placeholder?: string;
  inputMode?: TextInputProps['inputMode'];
  format: (typed: string) => string;
}

const CODE_FIELDS: Record<CodeKind, CodeField> = {
  startCode: {
    label: fieldLabel('startCode'),
    description: 'Die sechs Ziffern aus Ihrem Startdokument.',
    placeholder: '123 456',
    inputMode: 'numeric',
    format: formatStartCode,
  },
  holderName: {
    label: fieldLabel('holder.name'),
    description: 'Genau so geschrieben, wie er in Ihrem Lizenzdokument steht.',
    format: (typed) => typed,
  },
};

/** The second sign-in value: the start code (`123 456`, digits only) or the exact holder name. */
export function LoginCodeInput({ kind, value, onChange, readOnly }: LoginCodeInputProps) {
  const field = CODE_FIELDS[kind];
  return (
    <TextInput
      label={field.label}
      description={readOnly ? undefined : field.description}
      placeholder={field.placeholder}
      value={value}
      onChange={(event) => onChange?.(field.format(event.currentTarget.value))}
      readOnly={readOnly}
      inputMode={field.inputMode}
      autoComplete="off"
      autoFocus={!readOnly}
    />
  );
}
