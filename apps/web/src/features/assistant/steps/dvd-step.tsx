import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  assistantMessages,
  assistantScreens,
  dvdsDeliverableTo,
  formatMoney,
  PRODUCTS,
} from '@lizenzportal/domain';
import { useAssistant } from '../assistant-context.ts';
import { ChoiceButton } from '../choice-button.tsx';
import { StepFrame } from '../step-frame.tsx';

export function DvdStep() {
  const { snapshot, send } = useAssistant();
  const deliverable = dvdsDeliverableTo(snapshot.context.billing.countryCode);
  return (
    <StepFrame title={assistantScreens.dvdTitle}>
      <Text>{assistantScreens.dvdText}</Text>
      {!deliverable && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
          {assistantMessages.dvdOnlyGermany}
        </Alert>
      )}
      <Stack gap="sm">
        <ChoiceButton
          title={assistantScreens.withoutDvd}
          disabled={!snapshot.can({ type: 'NO_DVD' })}
          onClick={() => send({ type: 'NO_DVD' })}
        />
        <ChoiceButton
          title={assistantScreens.withDvd(formatMoney(PRODUCTS['M9-DVD'].baseGross))}
          disabled={!snapshot.can({ type: 'DVD' })}
          onClick={() => send({ type: 'DVD' })}
        />
      </Stack>
    </StepFrame>
  );
}
