import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

interface WholeNumberInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: number;
  /** A whole number typed; the assistant's machine clamps it. Anything else is ignored. */
  onChange: (value: number) => void;
}

/**
 * A number field for counts (seats, DVDs, quantities): while it is edited it shows what is typed,
 * also an empty field on the way to another number; every whole number goes to `onChange` at
 * once; on leaving it shows the value the assistant kept (clamped).
 */
export function WholeNumberInput({ value, onChange, ...props }: WholeNumberInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="off"
      value={draft ?? String(value)}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setDraft(text);
        if (/^\s*\d+\s*$/.test(text)) onChange(Number(text));
      }}
      onBlur={() => setDraft(null)}
    />
  );
}
