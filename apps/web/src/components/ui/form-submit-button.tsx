import type { ButtonProps } from '@mantine/core';
import { formPendingNote } from '@lizenzportal/domain';
import type { MouseEvent, ReactNode } from 'react';
import { WaitingButton } from './waiting-button.tsx';

/** A field that keeps its form from being sent. */
export interface PendingField {
  /**
   * The field's `name` (or, for a field without one such as a select's visible input, its `id`);
   * a field with neither is found by its label.
   */
  field: string;
  /** Its German label, as the note names it. */
  label: string;
  /** Empty (still missing) rather than filled in wrongly. */
  missing: boolean;
}

interface FormSubmitButtonProps extends Omit<ButtonProps, 'disabled'> {
  /** What still keeps the form from being sent, in the form's order; none: the button works. */
  pending: readonly PendingField[];
  /** Pressed while something is pending: the form shows the fields' messages. */
  onBlocked?: () => void;
  /** `submit` (default) in a form; `button` for a step without one, which acts by `onClick`. */
  type?: 'submit' | 'button';
  onClick?: () => void;
  /** Disabled for another reason than the form's fields (the step is busy, the machine refuses). */
  disabled?: boolean;
  /** Where the button and its note stand: at the form's end (default) or its start. */
  align?: 'flex-start' | 'flex-end';
  children: ReactNode;
}

/** A label's text without the required mark (`*`). */
const labelText = (label: HTMLLabelElement) => (label.textContent ?? '').replace(/\*/g, '').trim();

/**
 * The field a pending entry names, in the button's form (or the page, for a step without one): by
 * its `name`, its `id`, or else the field its label (the note's word) is the label of.
 */
function fieldElement(button: HTMLButtonElement, { field, label }: PendingField): HTMLElement | null {
  const scope: ParentNode = button.form ?? document;
  const byName = scope.querySelector<HTMLElement>(
    `[name="${CSS.escape(field)}"]:not([type="hidden"]):not(:disabled)`,
  );
  const byLabel = () =>
    [...scope.querySelectorAll('label')].find((element) => labelText(element) === label)?.control ?? null;
  return byName ?? document.getElementById(field) ?? byLabel();
}

/** The first of these elements in the page's order. */
function firstInDocument(elements: HTMLElement[]): HTMLElement | undefined {
  return [...elements].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  )[0];
}

/**
 * The one submit button of a form that waits for its fields (issue 24, WCAG 2.1.1, 3.3.1): while
 * a field is missing or wrong it looks disabled but stays in the tab order (`aria-disabled`, not
 * `disabled`, which would drop it — in the shop's frame Tab would leave the assistant), a text
 * beside it says what is still missing by the fields' labels (its description), and pressing it
 * sends nothing: the form shows its messages and the focus goes to the first field named.
 */
export function FormSubmitButton({
  pending,
  onBlocked,
  type = 'submit',
  onClick,
  disabled,
  align = 'flex-end',
  children,
  ...props
}: FormSubmitButtonProps) {
  const missing = pending.filter((entry) => entry.missing).map((entry) => entry.label);
  const invalid = pending.filter((entry) => !entry.missing).map((entry) => entry.label);

  function blocked(event: MouseEvent<HTMLButtonElement>) {
    onBlocked?.();
    const button = event.currentTarget;
    const target = firstInDocument(
      pending.map((entry) => fieldElement(button, entry)).filter((element) => element !== null),
    );
    if (target) requestAnimationFrame(() => target.focus());
  }

  return (
    <WaitingButton
      {...props}
      type={type}
      disabled={disabled}
      align={align}
      waitingFor={pending.length > 0 ? formPendingNote(missing, invalid) : null}
      onClick={() => onClick?.()}
      onBlocked={blocked}
    >
      {children}
    </WaitingButton>
  );
}
