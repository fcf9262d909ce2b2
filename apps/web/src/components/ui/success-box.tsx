import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';

export interface SuccessBoxProps {
  title?: string;
  children: ReactNode;
  /** A more telling icon than the check mark, e.g. a letter for „mail sent”. */
  icon?: ReactNode;
  /** For the focus after a successful action (`focusAfterAction`): the box says what happened. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * The news that an action succeeded, the counterpart of `ErrorBox`: green, said politely to
 * screen readers (`role="status"`), and able to take the focus.
 */
export function SuccessBox({ title, children, icon, ref }: SuccessBoxProps) {
  return (
    <Alert
      ref={ref}
      color="green"
      variant="light"
      icon={icon ?? <IconCircleCheck aria-hidden />}
      title={title}
      role="status"
    >
      {children}
    </Alert>
  );
}
