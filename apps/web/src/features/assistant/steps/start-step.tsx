import { Stack } from '@mantine/core';
import { assistantScreens } from '@lizenzportal/domain';
import { useAssistant } from '../assistant-context.ts';
import { ChoiceButton } from '../choice-button.tsx';
import { StepFrame } from '../step-frame.tsx';

export function StartStep() {
  const { snapshot, send } = useAssistant();
  return (
    <StepFrame title={assistantScreens.startTitle}>
      <Stack gap="sm">
        <ChoiceButton
          title={assistantScreens.startYes}
          disabled={!snapshot.can({ type: 'YES' })}
          onClick={() => send({ type: 'YES' })}
        />
        <ChoiceButton
          title={assistantScreens.startNo}
          disabled={!snapshot.can({ type: 'NO' })}
          onClick={() => send({ type: 'NO' })}
        />
      </Stack>
    </StepFrame>
  );
}
