import { TextInput, type TextInputProps } from '@mantine/core';
import { validationMessages } from '@lizenzportal/domain';
import { useState } from 'react';

interface WholeNumberInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'label' | 'error'> {
  label: string;
  value: number;
  /** The range the field takes (default: any count): a number outside it is not passed on, the field says so. */
  min?: number;
  max?: number;
  /** A whole number within the range typed. Anything else is not passed on. */
  onChange: (value: number) => void;
  /** Whether the field holds a number outside its range (the step cannot go on then). */
  onOutOfRange?: (outOfRange: boolean) => void;
}

const wholeNumber = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/**
 * A number field for counts (seats, quantities): while it is edited it shows what is typed, also
 * an empty field on the way to another number; every whole number within the range goes to
 * `onChange` at once. A number outside the range stays in the field with the field's own error
 * and is never replaced by another behind the user's back; on leaving a field with anything else
 * in it (empty, not a number) it shows the value the assistant kept.
 */
export function WholeNumberInput({
  label,
  value,
  min = 0,
  max = Number.POSITIVE_INFINITY,
  onChange,
  onOutOfRange,
  ...props
}: WholeNumberInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const typed = draft === null ? null : wholeNumber(draft);
  const outOfRange = typed !== null && (typed < min || typed > max);
  return (
    <TextInput
      {...props}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      value={draft ?? String(value)}
      error={outOfRange ? validationMessages.outOfRange(label, min, max) : undefined}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setDraft(text);
        const number = wholeNumber(text);
        const inRange = number !== null && number >= min && number <= max;
        if (inRange) onChange(number);
        onOutOfRange?.(number !== null && !inRange);
      }}
      onBlur={() => {
        if (!outOfRange) setDraft(null);
      }}
    />
  );
}
