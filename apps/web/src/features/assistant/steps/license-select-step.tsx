import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  assistantMessages,
  assistantScreens,
  classRecommendation,
  formatMoney,
  licenseSku,
  PRODUCTS,
  type PurchasableClass,
} from '@lizenzportal/domain';
import { useAssistant } from '../assistant-context.ts';
import { ChoiceButton } from '../choice-button.tsx';
import { StepFrame } from '../step-frame.tsx';

/** Personal or pro, with the recommendation of an update; an update to personal asks first. */
export function LicenseSelectStep() {
  const { snapshot, send } = useAssistant();
  const { context } = snapshot;
  const recommendation = classRecommendation(context);
  const type = context.purchaseType === 'upgrade' ? 'update' : 'full';
  const price = (licenseClass: PurchasableClass) =>
    formatMoney(PRODUCTS[licenseSku(licenseClass, type)].baseGross);
  return (
    <StepFrame title={assistantScreens.selectTitle}>
      <Stack gap="sm">
        <ChoiceButton
          title={assistantScreens.personalTitle}
          description={
            <>
              {assistantScreens.personalText}
              <br />
              {assistantScreens.priceFrom(price('personal'))}
            </>
          }
          badge={recommendation === 'personal' ? assistantScreens.recommended : undefined}
          disabled={!snapshot.can({ type: 'PERSONAL' })}
          onClick={() => send({ type: 'PERSONAL' })}
        />
        <ChoiceButton
          title={assistantScreens.proTitle}
          description={
            <>
              {assistantScreens.proText}
              <br />
              {assistantScreens.pricePerSeat(price('pro'))}
            </>
          }
          badge={recommendation === 'pro' ? assistantScreens.recommended : undefined}
          disabled={!snapshot.can({ type: 'PRO' })}
          onClick={() => send({ type: 'PRO' })}
        />
      </Stack>
      <Modal
        opened={snapshot.can({ type: 'CONFIRM' })}
        onClose={() => send({ type: 'CANCEL' })}
        title={assistantMessages.personalOnlyTitle}
        centered
      >
        <Stack>
          <Text>{assistantMessages.personalOnlyText}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'CANCEL' })}>
              {assistantMessages.personalOnlyCancel}
            </Button>
            <Button onClick={() => send({ type: 'CONFIRM' })}>{assistantMessages.personalOnlyConfirm}</Button>
          </Group>
        </Stack>
      </Modal>
    </StepFrame>
  );
}
