import { TextInput } from '@mantine/core';
import { formatStartCode, type CodeKind } from '@lizenzportal/domain';

interface LoginCodeInputProps {
  kind: CodeKind;
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
}

/** The second sign-in value: the start code (`123 456`, digits only) or the exact holder name. */
export function LoginCodeInput({ kind, value, onChange, readOnly }: LoginCodeInputProps) {
  if (kind === 'startCode') {
    return (
      <TextInput
        label="Startcode"
        description={readOnly ? undefined : 'Die sechs Ziffern aus Ihrem Startdokument.'}
        placeholder="123 456"
        value={value}
        onChange={(event) => onChange?.(formatStartCode(event.currentTarget.value))}
        readOnly={readOnly}
        inputMode="numeric"
        autoComplete="off"
        autoFocus={!readOnly}
      />
    );
  }
  return (
    <TextInput
      label="Name des Lizenznehmers"
      description={readOnly ? undefined : 'Genau so geschrieben, wie er in Ihrem Lizenzdokument steht.'}
      value={value}
      onChange={(event) => onChange?.(event.currentTarget.value)}
      readOnly={readOnly}
      autoComplete="off"
      autoFocus={!readOnly}
    />
  );
}
