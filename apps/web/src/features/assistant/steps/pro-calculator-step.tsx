import { Alert, Box, Group, Slider, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import {
  assistantCart,
  assistantMessages,
  assistantScreens,
  counted,
  dvdsDeliverableTo,
  formatMoney,
  maxDvdCount,
  MAX_SEATS,
  MIN_SEATS,
  minimumSeats,
  originalSeats,
  PRODUCTS,
  SEAT_SLIDER_MAX,
  seatReduction,
  seatSliderMarks,
} from '@lizenzportal/domain';
import { useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { FormSubmitButton, type PendingField } from '@/components/ui/form-submit-button';
import { useAssistant } from '../assistant-context.ts';
import { CartTable } from '../cart-table.tsx';
import { PriceAnnouncement, seatsAnnouncement } from '../price-announcement.tsx';
import { StepFrame } from '../step-frame.tsx';
import { WholeNumberInput } from '../whole-number-input.tsx';

const MARKS = seatSliderMarks();

/** Seats of the pro license (slider 1–100 with an open top, number input up to 10000) and DVDs. */
export function ProCalculatorStep() {
  const { snapshot, send, notice, dismissNotice } = useAssistant();
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const deliverable = dvdsDeliverableTo(context.billing.countryCode);
  const reduction = seatReduction(context);
  const minimum = minimumSeats(context);
  const cart = assistantCart(context);
  const patchError = context.errors.patchSession;
  const extension = context.purchaseType === 'extension';
  const previousSeats = originalSeats(context);
  const seatsLabel = extension ? assistantScreens.extensionSeatsInput : assistantScreens.seatsInput;
  // With a count out of range in the field the step waits, and shows no price: the assistant
  // keeps the last count in range, whose price is not the one the field asks for.
  const [seatsOutOfRange, setSeatsOutOfRange] = useState(false);
  // „Weiter” waits for a count in range (an extension: more than the seats it has).
  const refused = seatsOutOfRange || context.seatCount < minimum;
  const pending: PendingField[] = refused ? [{ field: 'seatCount', label: seatsLabel, missing: false }] : [];
  const dvdsCut = notice?.field === 'dvdCount' ? notice : null;
  return (
    <StepFrame
      title={extension ? assistantScreens.extensionSeatsTitle(previousSeats) : assistantScreens.seatsTitle}
      busyText={assistantScreens.savingChoice}
    >
      <Box px="xs" pb="lg">
        <Slider
          min={1}
          max={SEAT_SLIDER_MAX}
          marks={MARKS}
          value={Math.min(context.seatCount, SEAT_SLIDER_MAX)}
          onChange={(seatCount) => send({ type: 'SET_SEATS', seatCount })}
          thumbLabel={extension ? assistantScreens.extensionSeatsSlider : assistantScreens.seatsSlider}
          // Its top step stands for 100 and more: a screen reader hears the seats, not „100”.
          thumbValueText={counted(context.seatCount, 'seat')}
          label={(value) => (value === SEAT_SLIDER_MAX ? `${value}+` : value)}
          disabled={busy}
        />
      </Box>
      <Group grow align="flex-start" wrap="wrap">
        <WholeNumberInput
          label={seatsLabel}
          name="seatCount"
          description={assistantScreens.seatsInputHint}
          value={context.seatCount}
          min={MIN_SEATS}
          max={MAX_SEATS}
          onChange={(seatCount) => send({ type: 'SET_SEATS', seatCount })}
          onOutOfRange={setSeatsOutOfRange}
          disabled={busy}
          miw={200}
        />
        <Stack gap="xs" miw={200}>
          <WholeNumberInput
            label={assistantScreens.dvdsInput}
            description={
              deliverable
                ? assistantScreens.dvdsInputHint(
                    formatMoney(PRODUCTS['M9-DVD'].baseGross),
                    maxDvdCount(context),
                  )
                : assistantMessages.dvdOnlyGermany
            }
            value={context.dvdCount}
            onChange={(dvdCount) => send({ type: 'SET_DVDS', dvdCount })}
            disabled={busy || !deliverable}
          />
          {dvdsCut && (
            // Beside the field until dismissed: a toast closed by itself, below the frame's fold.
            <Alert
              color="yellow"
              icon={<IconAlertTriangle aria-hidden />}
              role="status"
              withCloseButton
              closeButtonLabel={assistantScreens.dismissNotice}
              onClose={dismissNotice}
            >
              {dvdsCut.message}. {assistantScreens.dvdsCutTo(context.dvdCount)}
            </Alert>
          )}
        </Stack>
      </Group>
      {extension && !seatsOutOfRange && (
        <Text size="sm">{assistantScreens.extensionSeats(previousSeats, context.seatCount)}</Text>
      )}
      {context.seatCount < minimum && !seatsOutOfRange && (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {assistantMessages.extensionNeedsMoreSeats(previousSeats)}
        </Alert>
      )}
      {reduction !== null && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle aria-hidden />}
          title={assistantMessages.reductionTitle}
          role="alert"
        >
          {assistantMessages.reductionText(reduction)}
        </Alert>
      )}
      {context.seatCount > 1 && !extension && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
          {assistantMessages.oneProLicensePerOrder}
        </Alert>
      )}
      {refused ? (
        <Text size="sm" c="dimmed">
          {assistantScreens.priceAwaitsSeats}
        </Text>
      ) : (
        cart && <CartTable cart={cart} />
      )}
      <PriceAnnouncement
        text={refused ? '' : seatsAnnouncement(cart, context.seatCount, extension ? previousSeats : null)}
      />
      {patchError && !busy && (
        <ErrorBox
          title={assistantMessages.patchSessionTitle}
          failure={patchError}
          message={patchError.message}
          onRetry={snapshot.can({ type: 'COMPLETED' }) ? () => send({ type: 'COMPLETED' }) : undefined}
        />
      )}
      <FormSubmitButton
        type="button"
        pending={pending}
        disabled={pending.length === 0 && !snapshot.can({ type: 'COMPLETED' })}
        loading={busy}
        onClick={() => send({ type: 'COMPLETED' })}
      >
        {assistantScreens.next}
      </FormSubmitButton>
    </StepFrame>
  );
}
