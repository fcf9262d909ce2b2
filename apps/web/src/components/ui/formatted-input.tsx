import { TextInput, type TextInputProps } from '@mantine/core';
import type { TextFormat } from '@lizenzportal/domain';
import type { ChangeEvent } from 'react';
import { applyEdit } from '@/lib/formatted-text';

interface FormattedInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** How the field groups its code: `LICENSE_KEY_FORMAT`, `START_CODE_FORMAT`, `OFFER_CODE_FORMAT`. */
  format: TextFormat;
  value: string;
  /** The formatted text after each edit. */
  onChange?: (formatted: string) => void;
}

const DELETIONS: Partial<Record<string, 'backward' | 'forward'>> = {
  deleteContentBackward: 'backward',
  deleteContentForward: 'forward',
};

/**
 * A text field that groups a code while it is typed (`XXXX-XXXX-XXXX`, `123 456`, `abc def ghi`)
 * and keeps the caret where the user edits, also in the middle of the code.
 */
export function FormattedInput({ format, value, onChange, ...props }: FormattedInputProps) {
  function change(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const edited = applyEdit(format, {
      before: value,
      after: input.value,
      caret: input.selectionStart ?? input.value.length,
      deletion: DELETIONS[(event.nativeEvent as InputEvent).inputType ?? ''],
    });
    onChange?.(edited.value);
    // React writes the new value after this handler (and puts the caret at its end): the caret is
    // set once that is done, before the browser paints.
    queueMicrotask(() => {
      if (document.activeElement === input) input.setSelectionRange(edited.caret, edited.caret);
    });
  }
  return <TextInput {...props} value={value} onChange={change} spellCheck={false} autoComplete="off" />;
}
