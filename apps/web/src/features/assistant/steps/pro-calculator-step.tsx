import { Alert, Box, Group, Slider, Text } from '@mantine/core';
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
  const { snapshot, send } = useAssistant();
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const deliverable = dvdsDeliverableTo(context.billing.countryCode);
  const reduction = seatReduction(context);
  const minimum = minimumSeats(context);
  const cart = assistantCart(context);
  const patchError = context.errors.patchSession;
  const extension = context.purchaseType === 'extension';
  // The cart shows the last count in range: with another one in the field, the step waits.
  const [seatsOutOfRange, setSeatsOutOfRange] = useState(false);
  // „Weiter” waits for a count in range (an extension: at least the seats it has).
  const pending: PendingField[] =
    seatsOutOfRange || context.seatCount < minimum
      ? [{ field: 'seatCount', label: assistantScreens.seatsInput, missing: false }]
      : [];
  return (
    <StepFrame title={assistantScreens.seatsTitle} busyText={assistantScreens.savingChoice}>
      <Box px="xs" pb="lg">
        <Slider
          min={1}
          max={SEAT_SLIDER_MAX}
          marks={MARKS}
          value={Math.min(context.seatCount, SEAT_SLIDER_MAX)}
          onChange={(seatCount) => send({ type: 'SET_SEATS', seatCount })}
          thumbLabel={assistantScreens.seatsSlider}
          // Its top step stands for 100 and more: a screen reader hears the seats, not „100”.
          thumbValueText={counted(context.seatCount, 'seat')}
          label={(value) => (value === SEAT_SLIDER_MAX ? `${value}+` : value)}
          disabled={busy}
        />
      </Box>
      <Group grow align="flex-start" wrap="wrap">
        <WholeNumberInput
          label={assistantScreens.seatsInput}
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
          miw={200}
        />
      </Group>
      {extension && (
        <Text size="sm">
          {assistantScreens.extensionSeats(
            originalSeats(context),
            Math.max(0, context.seatCount - originalSeats(context)),
          )}
        </Text>
      )}
      {context.seatCount < minimum && (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {assistantMessages.extensionNeedsMoreSeats(originalSeats(context))}
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
      {context.seatCount > 1 && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
          {assistantMessages.oneProLicensePerOrder}
        </Alert>
      )}
      {cart && <CartTable cart={cart} />}
      <PriceAnnouncement text={seatsAnnouncement(cart, context.seatCount)} />
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
