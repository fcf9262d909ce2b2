import { Button, Group, Stack, Text } from '@mantine/core';
import {
  assistantMessages,
  assistantScreens,
  classRecommendation,
  formatMoney,
  purchaseCart,
  type PurchasableClass,
} from '@lizenzportal/domain';
import { useAssistant } from '../assistant-context.ts';
import { ChoiceButton } from '../choice-button.tsx';
import { StepFrame } from '../step-frame.tsx';
import { ModalDialog } from '@/components/ui/modal-dialog';

/** Personal or pro, with the recommendation of an update; an update to personal asks first. */
export function LicenseSelectStep() {
  const { snapshot, send } = useAssistant();
  const { context } = snapshot;
  const recommendation = classRecommendation(context);
  const update = context.purchaseType === 'upgrade';
  // One license of one seat as the cart would price it, VAT of the billing country included.
  const price = (licenseClass: PurchasableClass) => {
    const one = { licenseClass, seatCount: 1, dvdCount: 0 };
    const cart = purchaseCart(
      update ? { purchaseType: 'upgrade', originalSeats: 1, ...one } : { purchaseType: 'new', ...one },
      context.billing.countryCode,
    );
    return formatMoney(cart.groupedLineItems[0]!.lineItems[0]!.itemGross);
  };
  return (
    <StepFrame title={assistantScreens.selectTitle}>
      <Stack gap="sm">
        <ChoiceButton
          title={assistantScreens.personalTitle}
          description={
            <>
              {assistantScreens.personalText}
              <br />
              {assistantScreens.unitPrice(price('personal'), 'license')}
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
              {assistantScreens.unitPrice(price('pro'), 'seat')}
            </>
          }
          badge={recommendation === 'pro' ? assistantScreens.recommended : undefined}
          disabled={!snapshot.can({ type: 'PRO' })}
          onClick={() => send({ type: 'PRO' })}
        />
      </Stack>
      <ModalDialog
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
      </ModalDialog>
    </StepFrame>
  );
}
