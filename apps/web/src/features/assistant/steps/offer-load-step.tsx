import { Button, Group, Stack, Text } from '@mantine/core';
import {
  assistantMessages,
  assistantScreens,
  loadOfferErrorMessage,
  OFFER_CODE_FORMAT,
  isCompleteOfferCode,
} from '@lizenzportal/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useDescribedElsewhere } from '@/components/ui/described-elsewhere';
import { FormattedInput } from '@/components/ui/formatted-input';
import { focusAfterAction } from '@/lib/focus-after-action';
import { ErrorBox } from '@/components/ui/error-box';
import { FormSubmitButton } from '@/components/ui/form-submit-button';
import { useAssistant } from '../assistant-context.ts';
import { StepFrame } from '../step-frame.tsx';
import { ModalDialog } from '@/components/ui/modal-dialog';

/** An offer reloaded by its code (grouped `abc def ghi`, case kept); an ordered one cannot be. */
export function OfferLoadStep() {
  const { snapshot, send } = useAssistant();
  const [offerCode, setOfferCode] = useState('');
  const busy = snapshot.hasTag('busy');
  const load = { type: 'LOAD_OFFER' as const, offerCode };
  const error = snapshot.context.errors.loadOffer;
  // A refused code: the field is invalid, described by the box's message, and has the focus again
  // (it stays focusable while the offer loads: read-only, not disabled, so the focus never falls
  // to the frame's body).
  const messageId = useId();
  const shownError = error && !busy ? error : undefined;
  const field = useDescribedElsewhere<HTMLInputElement>(shownError ? messageId : undefined);
  useEffect(() => {
    if (shownError) focusAfterAction(() => field.current);
  }, [shownError, field]);
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
            ref={field}
            readOnly={busy}
            error={shownError !== undefined}
          />
          {shownError && (
            <ErrorBox
              title={assistantMessages.loadOfferTitle}
              failure={shownError}
              message={loadOfferErrorMessage(shownError.status, shownError.message)}
              messageId={messageId}
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
      <ModalDialog
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
      </ModalDialog>
    </StepFrame>
  );
}
