import { Badge, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './choice-button.module.css';

interface ChoiceButtonProps {
  title: string;
  description?: ReactNode;
  badge?: string;
  disabled?: boolean;
  onClick: () => void;
}

/** A large answer to a step's question: its title, a line that explains it, optionally a badge. */
export function ChoiceButton({ title, description, badge, disabled, onClick }: ChoiceButtonProps) {
  return (
    <UnstyledButton className={classes.choice} disabled={disabled} onClick={onClick}>
      <Stack gap={4}>
        <Text fw={700} size="lg" component="span">
          {title}
        </Text>
        {description && (
          <Text size="sm" c="dimmed" component="span">
            {description}
          </Text>
        )}
        {badge && (
          <Badge color="teal" variant="light" component="span">
            {badge}
          </Badge>
        )}
      </Stack>
    </UnstyledButton>
  );
}
