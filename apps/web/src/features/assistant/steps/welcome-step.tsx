import { Stack, Text } from '@mantine/core';
import { assistantScreens } from '@lizenzportal/domain';
import { useAssistant } from '../assistant-context.ts';
import { ChoiceButton } from '../choice-button.tsx';
import { StepFrame } from '../step-frame.tsx';

export function WelcomeStep() {
  const { snapshot, send } = useAssistant();
  return (
    <StepFrame title={assistantScreens.welcomeTitle}>
      <Text>{assistantScreens.welcomeText}</Text>
      <Stack gap="sm">
        <ChoiceButton
          title={assistantScreens.startAssistant}
          disabled={!snapshot.can({ type: 'START' })}
          onClick={() => send({ type: 'START' })}
        />
        <ChoiceButton
          title={assistantScreens.enterOfferCode}
          disabled={!snapshot.can({ type: 'OFFER' })}
          onClick={() => send({ type: 'OFFER' })}
        />
        <ChoiceButton
          title={assistantScreens.resellerOrder}
          description={assistantScreens.resellerOrderText}
          disabled={!snapshot.can({ type: 'MANUAL' })}
          onClick={() => send({ type: 'MANUAL' })}
        />
      </Stack>
    </StepFrame>
  );
}
