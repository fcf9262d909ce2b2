import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { useId, type MouseEvent, type ReactNode, type Ref } from 'react';

export interface WaitingButtonProps extends Omit<ButtonProps, 'disabled'> {
  /** Why the button cannot act yet, shown beside it and its description; null: it acts. */
  waitingFor: string | null;
  /** Pressed while it can act. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Pressed while it waits (nothing is sent): e.g. the focus goes to what is missing. */
  onBlocked?: (event: MouseEvent<HTMLButtonElement>) => void;
  type?: 'submit' | 'button';
  /** Disabled for another reason (busy): then it leaves the tab order, as a busy button does. */
  disabled?: boolean;
  /** Where the button and its note stand. */
  align?: 'flex-start' | 'flex-end';
  ref?: Ref<HTMLButtonElement>;
  /** The note's name for Element Timing: what waits for its paint (`afterElementPaint`). */
  noteTiming?: string;
  children: ReactNode;
}

/**
 * A button that cannot act yet and stays in the tab order (decision 049, issue 39): it looks
 * disabled (`aria-disabled`, Mantine's `data-disabled`, never `disabled`, which would drop it from
 * the tab order), a text beside it says why and is its description, and pressing it acts not.
 */
export function WaitingButton({
  waitingFor,
  onClick,
  onBlocked,
  type = 'button',
  disabled,
  align = 'flex-end',
  ref,
  noteTiming,
  children,
  ...props
}: WaitingButtonProps) {
  const noteId = useId();
  const waiting = waitingFor !== null;
  return (
    <Stack gap={4} align={align}>
      <Button
        {...props}
        ref={ref}
        type={type}
        disabled={disabled}
        data-disabled={waiting || undefined}
        aria-disabled={waiting || undefined}
        aria-describedby={waiting ? noteId : undefined}
        onClick={(event) => {
          if (!waiting) return onClick?.(event);
          event.preventDefault();
          onBlocked?.(event);
        }}
      >
        {children}
      </Button>
      {waiting && (
        <Text id={noteId} elementtiming={noteTiming} size="sm" ta={align === 'flex-end' ? 'right' : 'left'}>
          {waitingFor}
        </Text>
      )}
    </Stack>
  );
}
