import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { assistantMessages, assistantScreens } from '@lizenzportal/domain';
import { ErrorBox } from '@/components/ui/error-box';
import { useAssistant } from '../assistant-context.ts';
import { StepFrame } from '../step-frame.tsx';

/** The session is brought up to date, then the cart goes to the shop page, which takes over. */
export function AddToCartStep() {
  const { snapshot, send } = useAssistant();
  const { errors } = snapshot.context;
  const error = errors.patchSession ?? errors.createSession;
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
      {snapshot.matches({ add_to_cart: 'handedOver' }) && (
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
          {assistantScreens.handedOver}
        </Alert>
      )}
    </StepFrame>
  );
}
