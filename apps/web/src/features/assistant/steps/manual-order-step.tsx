import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  assistantCart,
  assistantMessages,
  assistantScreens,
  COUNTRY_CODES,
  countryName,
  dvdsDeliverableTo,
  formatMoney,
  isCountryCode,
  LICENSE_CLASS_LABELS,
  licensesOfSize,
  MAX_RESELLER_QUANTITY,
  MAX_RESELLER_SIZE,
  PURCHASABLE_CLASSES,
  type PurchasableClass,
  type ResellerLicense,
  type ResellerLineChanges,
} from '@lizenzportal/domain';
import { useState } from 'react';
import { FormSubmitButton, type PendingField } from '@/components/ui/form-submit-button';
import { LazySelect } from '@/components/ui/lazy-select';
import { useAssistant } from '../assistant-context.ts';
import { CartTable } from '../cart-table.tsx';
import { PriceAnnouncement } from '../price-announcement.tsx';
import { StepFrame } from '../step-frame.tsx';
import { WholeNumberInput } from '../whole-number-input.tsx';
import { CountrySelect } from '../country-select.tsx';

const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort(
  (a, b) => a.label.localeCompare(b.label, 'de'),
);
const CLASS_OPTIONS = PURCHASABLE_CLASSES.map((value) => ({ value, label: LICENSE_CLASS_LABELS[value] }));

/**
 * The reseller order: licenses with class, size, quantity, DVDs and the customer's reference, the
 * delivery country (DVDs to Germany only), and the priced cart. A size or quantity out of range
 * stays in its field with the field's error, and the step waits until none is.
 */
export function ManualOrderStep() {
  const { snapshot, send } = useAssistant();
  const { context } = snapshot;
  const cart = assistantCart(context);
  const deliverable = dvdsDeliverableTo(context.billing.countryCode);
  // The fields (`uid.size`, `uid.quantity`) holding a number out of range.
  const [outOfRange, setOutOfRange] = useState<ReadonlySet<string>>(new Set());
  const markOutOfRange = (field: string, out: boolean) =>
    setOutOfRange(
      (fields) => new Set([...fields].filter((name) => name !== field).concat(out ? [field] : [])),
    );
  // „Zur Übersicht” waits for a country, a license and counts in range, and says which is missing.
  const pending: PendingField[] = [
    ...(isCountryCode(context.billing.countryCode)
      ? []
      : [{ field: 'delivery-country', label: assistantScreens.deliveryCountry, missing: true }]),
    ...(context.resellerLicenses.length === 0
      ? [{ field: 'reseller-add', label: assistantScreens.licenseLabel, missing: true }]
      : []),
    ...context.resellerLicenses.flatMap((line) =>
      (['size', 'quantity'] as const)
        .filter((field) => outOfRange.has(`${line.uid}.${field}`))
        .map((field) => ({
          field: `${line.uid}.${field}`,
          label: `${field === 'size' ? assistantScreens.resellerSize : assistantScreens.resellerQuantity} (${assistantScreens.resellerLine(line.customerReference)})`,
          missing: false,
        })),
    ),
  ];
  return (
    <StepFrame title={assistantScreens.manualTitle}>
      <Text>{assistantScreens.manualText}</Text>
      <CountrySelect
        label={assistantScreens.deliveryCountry}
        id="delivery-country"
        data={COUNTRY_OPTIONS}
        value={context.billing.countryCode}
        onChange={(countryCode) => countryCode && send({ type: 'SET_COUNTRY', countryCode })}
        searchable
        allowDeselect={false}
        required
      />
      {!deliverable && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
          {assistantMessages.dvdOnlyGermany}
        </Alert>
      )}
      {context.resellerLicenses.length === 0 && <Text c="dimmed">{assistantScreens.resellerEmpty}</Text>}
      {context.resellerLicenses.map((line) => (
        <ResellerLineEditor
          key={line.uid}
          line={line}
          dvdsDeliverable={deliverable}
          onChange={(changes) => send({ type: 'RESELLER_CHANGE', uid: line.uid, changes })}
          onOutOfRange={(field, out) => markOutOfRange(`${line.uid}.${field}`, out)}
          onRemove={() => {
            markOutOfRange(`${line.uid}.size`, false);
            markOutOfRange(`${line.uid}.quantity`, false);
            send({ type: 'RESELLER_REMOVE', uid: line.uid });
          }}
        />
      ))}
      <Group>
        <Button
          id="reseller-add"
          variant="outline"
          leftSection={<IconPlus size={18} aria-hidden />}
          disabled={!snapshot.can({ type: 'RESELLER_ADD' })}
          onClick={() => send({ type: 'RESELLER_ADD' })}
        >
          {assistantScreens.resellerAdd}
        </Button>
      </Group>
      {cart && context.resellerLicenses.length > 0 && <CartTable cart={cart} />}
      {/* Lines added, removed or changed: how many licenses and the total, said once they settle. */}
      <PriceAnnouncement
        text={
          cart && context.resellerLicenses.length > 0
            ? assistantScreens.resellerAnnouncement(
                context.resellerLicenses.reduce((sum, line) => sum + line.quantity, 0),
                formatMoney(cart.totals.gross),
              )
            : ''
        }
      />
      <FormSubmitButton
        type="button"
        pending={pending}
        disabled={pending.length === 0 && !snapshot.can({ type: 'SUBMIT' })}
        onClick={() => send({ type: 'SUBMIT' })}
      >
        {assistantScreens.toSummary}
      </FormSubmitButton>
    </StepFrame>
  );
}

interface ResellerLineEditorProps {
  line: ResellerLicense;
  dvdsDeliverable: boolean;
  onChange: (changes: ResellerLineChanges) => void;
  onOutOfRange: (field: 'size' | 'quantity', outOfRange: boolean) => void;
  onRemove: () => void;
}

function ResellerLineEditor({
  line,
  dvdsDeliverable,
  onChange,
  onOutOfRange,
  onRemove,
}: ResellerLineEditorProps) {
  // The reference is committed when the field is left: an emptied field falls back to „Lizenz N”.
  const [reference, setReference] = useState<string | null>(null);
  const title = assistantScreens.resellerLine(line.customerReference);
  return (
    <Paper withBorder p="md" component="fieldset" aria-label={title} m={0}>
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Text fw={700}>{title}</Text>
            <Text size="sm" c="dimmed">
              {licensesOfSize(line.quantity, line.properties.size)}
            </Text>
          </div>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-label={`${assistantScreens.resellerRemove}: ${line.customerReference}`}
            onClick={onRemove}
          >
            {assistantScreens.resellerRemove}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <LazySelect
            label={assistantScreens.resellerClass}
            data={CLASS_OPTIONS}
            value={line.class}
            allowDeselect={false}
            onChange={(value) => value && onChange({ class: value as PurchasableClass })}
          />
          <WholeNumberInput
            label={assistantScreens.resellerSize}
            name={`${line.uid}.size`}
            value={line.properties.size}
            min={1}
            max={MAX_RESELLER_SIZE}
            onOutOfRange={(out) => onOutOfRange('size', out)}
            disabled={line.class !== 'pro'}
            onChange={(size) => onChange({ size })}
          />
          <WholeNumberInput
            label={assistantScreens.resellerQuantity}
            name={`${line.uid}.quantity`}
            value={line.quantity}
            min={1}
            max={MAX_RESELLER_QUANTITY}
            onOutOfRange={(out) => onOutOfRange('quantity', out)}
            onChange={(quantity) => onChange({ quantity })}
          />
          <WholeNumberInput
            label={assistantScreens.resellerDvds}
            value={line.properties.dvdCount}
            disabled={!dvdsDeliverable}
            onChange={(dvdCount) => onChange({ dvdCount })}
          />
        </SimpleGrid>
        <TextInput
          label={assistantScreens.resellerReference}
          value={reference ?? line.customerReference}
          maxLength={30}
          onChange={(event) => setReference(event.currentTarget.value)}
          onBlur={() => {
            if (reference !== null) onChange({ customerReference: reference });
            setReference(null);
          }}
        />
      </Stack>
    </Paper>
  );
}
