import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  assistantMessages,
  assistantScreens,
  loadOfferErrorMessage,
  OFFER_CODE_FORMAT,
  isCompleteOfferCode,
} from '@lizenzportal/domain';
import { useState, type FormEvent } from 'react';
import { FormattedInput } from '@/components/ui/formatted-input';
import { ErrorBox } from '@/components/ui/error-box';
import { FormSubmitButton } from '@/components/ui/form-submit-button';
import { useAssistant } from '../assistant-context.ts';
import { StepFrame } from '../step-frame.tsx';

/** An offer reloaded by its code (grouped `abc def ghi`, case kept); an ordered one cannot be. */
export function OfferLoadStep() {
  const { snapshot, send } = useAssistant();
  const [offerCode, setOfferCode] = useState('');
  const busy = snapshot.hasTag('busy');
  const load = { type: 'LOAD_OFFER' as const, offerCode };
  const error = snapshot.context.errors.loadOffer;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (snapshot.can(load)) send(load);
  }
  return (
    <StepFrame title={assistantScreens.offerLoadTitle} busyText={assistantScreens.loadingOffer}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormattedInput
            format={OFFER_CODE_FORMAT}
            label={assistantScreens.offerCodeLabel}
            name="offerCode"
            description={assistantScreens.offerCodeHint}
            placeholder={assistantScreens.offerCodePlaceholder}
            value={offerCode}
            onChange={setOfferCode}
            autoCapitalize="off"
            disabled={busy}
          />
          {error && !busy && (
            <ErrorBox
              title={assistantMessages.loadOfferTitle}
              failure={error}
              message={loadOfferErrorMessage(error.status, error.message)}
            />
          )}
          <FormSubmitButton
            pending={
              isCompleteOfferCode(offerCode)
                ? []
                : [
                    {
                      field: 'offerCode',
                      label: assistantScreens.offerCodeLabel,
                      missing: offerCode.trim() === '',
                    },
                  ]
            }
            disabled={isCompleteOfferCode(offerCode) && !snapshot.can(load)}
            loading={busy}
          >
            {assistantScreens.loadOffer}
          </FormSubmitButton>
        </Stack>
      </form>
      <Modal
        opened={snapshot.can({ type: 'CLOSE' })}
        onClose={() => send({ type: 'CLOSE' })}
        title={assistantMessages.offerNotAvailableTitle}
        centered
      >
        <Stack>
          <Text>{assistantMessages.offerNotAvailableText}</Text>
          <Group justify="flex-end">
            <Button onClick={() => send({ type: 'CLOSE' })}>{assistantScreens.close}</Button>
          </Group>
        </Stack>
      </Modal>
    </StepFrame>
  );
}
