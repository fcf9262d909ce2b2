import { Button, Group, Stack, Text } from '@mantine/core';
import { assistantMessages, assistantScreens } from '@lizenzportal/domain';
import { ErrorBox } from '@/components/ui/error-box';
import { useAssistant } from '../assistant-context.ts';
import { StepFrame } from '../step-frame.tsx';
import { SuccessBox } from '@/components/ui/success-box';
import { ModalDialog } from '@/components/ui/modal-dialog';

/**
 * The session is brought up to date, the server confirms it may still be ordered, then the cart
 * goes to the shop page, which takes over. An offer ordered (or expired) meanwhile goes nowhere:
 * the dialog „Nicht mehr verfügbar” says so and the assistant starts anew.
 */
export function AddToCartStep() {
  const { snapshot, send } = useAssistant();
  const { errors } = snapshot.context;
  const error = errors.patchSession ?? errors.createSession ?? errors.signCart;
  const notAvailable = snapshot.matches({ add_to_cart: 'notAvailable' });
  return (
    <StepFrame title={assistantScreens.cartTitle} busyText={assistantScreens.handingOver}>
      {snapshot.can({ type: 'RETRY' }) && error && (
        <ErrorBox
          title={assistantMessages.patchSessionTitle}
          failure={error}
          message={error.message}
          onRetry={() => send({ type: 'RETRY' })}
        />
      )}
      <ModalDialog
        opened={notAvailable}
        onClose={() => send({ type: 'RESET' })}
        title={assistantMessages.offerNotAvailableTitle}
        centered
      >
        <Stack>
          <Text>
            {errors.signCart?.status === 410
              ? assistantMessages.offerExpired
              : assistantMessages.offerNotAvailableText}
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => send({ type: 'RESET' })}>{assistantScreens.restart}</Button>
          </Group>
        </Stack>
      </ModalDialog>
      {snapshot.matches({ add_to_cart: 'handedOver' }) && (
        <SuccessBox>{assistantScreens.handedOver}</SuccessBox>
      )}
    </StepFrame>
  );
}
