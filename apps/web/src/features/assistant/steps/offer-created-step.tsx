import { Alert, Button, Code, Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { assistantScreens, formatOfferCode } from '@lizenzportal/domain';
import { useAssistant } from '../assistant-context.ts';
import { StepFrame } from '../step-frame.tsx';

export function OfferCreatedStep() {
  const { snapshot, send } = useAssistant();
  const { session, billing, offerCode } = snapshot.context;
  return (
    <StepFrame title={assistantScreens.offerCreatedTitle}>
      <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
        {assistantScreens.offerCreatedText(session?.offerNumber ?? '', billing.email ?? '')}
      </Alert>
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
