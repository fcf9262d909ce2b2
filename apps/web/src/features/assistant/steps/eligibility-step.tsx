import { Group, Button, Stack, Text } from '@mantine/core';
import { assistantScreens } from '@lizenzportal/domain';
import { useAssistant } from '../assistant-context.ts';
import { ChoiceButton } from '../choice-button.tsx';
import { StepFrame } from '../step-frame.tsx';

const VERSIONS = [
  { event: 'M9', title: assistantScreens.version9, description: assistantScreens.version9Text },
  { event: 'M8', title: assistantScreens.version8, description: assistantScreens.version8Text },
  { event: 'M7_OR_LESS', title: assistantScreens.version7, description: assistantScreens.version7Text },
] as const;

export function EligibilityStep() {
  const { snapshot, send } = useAssistant();
  return (
    <StepFrame title={assistantScreens.eligibilityTitle}>
      <Stack gap="sm">
        {VERSIONS.map(({ event, title, description }) => (
          <ChoiceButton
            key={event}
            title={title}
            description={description}
            disabled={!snapshot.can({ type: event })}
            onClick={() => send({ type: event })}
          />
        ))}
      </Stack>
    </StepFrame>
  );
}

export function NotEligibleStep() {
  const { snapshot, send } = useAssistant();
  return (
    <StepFrame title={assistantScreens.notEligibleTitle}>
      <Text>{assistantScreens.notEligibleText}</Text>
      <Group>
        <Button disabled={!snapshot.can({ type: 'BUY' })} onClick={() => send({ type: 'BUY' })}>
          {assistantScreens.buyNew}
        </Button>
      </Group>
    </StepFrame>
  );
}
