import { Button, Code, Group, Text } from '@mantine/core';
import { assistantScreens, formatOfferCode } from '@lizenzportal/domain';
import { useAssistant } from '../assistant-context.ts';
import { StepFrame } from '../step-frame.tsx';
import { SuccessBox } from '@/components/ui/success-box';

export function OfferCreatedStep() {
  const { snapshot, send } = useAssistant();
  const { session, billing, offerCode } = snapshot.context;
  return (
    <StepFrame title={assistantScreens.offerCreatedTitle}>
      <SuccessBox>
        {assistantScreens.offerCreatedText(session?.offerNumber ?? '', billing.email ?? '')}
      </SuccessBox>
      {offerCode && (
        <Text>
          {assistantScreens.offerCodeLabel}: <Code fz="lg">{formatOfferCode(offerCode)}</Code>
        </Text>
      )}
      <Group>
        <Button
          variant="outline"
          disabled={!snapshot.can({ type: 'RESET' })}
          onClick={() => send({ type: 'RESET' })}
        >
          {assistantScreens.restart}
        </Button>
      </Group>
    </StepFrame>
  );
}
