import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { assistantScreens, STEPS_WITHOUT_BACK, assistantStep } from '@lizenzportal/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { useAssistant } from './assistant-context.ts';

interface StepFrameProps {
  title: string;
  children: ReactNode;
  /** Shown with a spinner while the step waits for the server. */
  busyText?: string;
}

let shownStep: string | null = null;

/**
 * The frame of every step: Back (where the spec has one), the step's heading, which takes the
 * focus when the step changes (screen readers announce it; keyboard users start at its top),
 * the step's content, and a progress line while a call runs.
 */
export function StepFrame({ title, children, busyText }: StepFrameProps) {
  const { snapshot, send } = useAssistant();
  const step = assistantStep(snapshot);
  const heading = useRef<HTMLHeadingElement>(null);
  const busy = snapshot.hasTag('busy');
  useEffect(() => {
    if (shownStep !== null && shownStep !== step) heading.current?.focus();
    shownStep = step;
  }, [step]);
  const hasBack = !(STEPS_WITHOUT_BACK as readonly string[]).includes(step);
  return (
    <Stack gap="md">
      {hasBack && (
        <Group>
          <Button
            variant="subtle"
            px={0}
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            disabled={!snapshot.can({ type: 'BACK' })}
            onClick={() => send({ type: 'BACK' })}
          >
            {assistantScreens.back}
          </Button>
        </Group>
      )}
      <Title order={2} ref={heading} tabIndex={-1}>
        {title}
      </Title>
      {children}
      {busy && busyText && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{busyText}</Text>
        </Group>
      )}
    </Stack>
  );
}
