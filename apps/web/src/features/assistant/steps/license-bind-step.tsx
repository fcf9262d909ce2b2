import { Button, Table, Text } from '@mantine/core';
import {
  assistantScreens,
  HOLDER_FORM_LABELS,
  HOLDER_TYPE_LABELS,
  holderProblems,
  initialHolder,
  toHolderData,
  type HolderData,
  type HolderFormField,
  type HolderFormValues,
} from '@lizenzportal/domain';
import { useState, type FormEvent } from 'react';
import { HolderFields, holderPending } from '@/components/holder-form/holder-fields';
import { FormSubmitButton } from '@/components/ui/form-submit-button';
import { useAssistant } from '../assistant-context.ts';
import { StepFrame } from '../step-frame.tsx';

/**
 * The holder of the license an update or extension produces: the portal's binding fields and
 * rules, both consents included (the class decides person or organization); the e-mail of a
 * signed-in bound license is known and needs no repetition unless it is changed. An extension of
 * a bound license keeps its holder: shown, nothing asked.
 */
export function LicenseBindStep() {
  const { snapshot } = useAssistant();
  const { context } = snapshot;
  const bound =
    context.purchaseType === 'extension'
      ? context.authenticatedLicenses.find(({ license }) => license.status === 'bound')?.license.holder
      : undefined;
  const holder: HolderData | null =
    bound?.holderType && bound.name && bound.email
      ? { holderType: bound.holderType, name: bound.name, email: bound.email, contact: bound.contact ?? null }
      : null;
  // A holder the binding rules would not take (bound by staff) is asked for as for any other.
  if (holder && snapshot.can({ type: 'COMPLETED', holder })) return <BoundHolder holder={holder} />;
  return <HolderForm />;
}

/** The holder an extended bound license keeps, read only. */
function BoundHolder({ holder }: { holder: HolderData }) {
  const { send } = useAssistant();
  const rows: [string, string | null][] = [
    [HOLDER_FORM_LABELS.holderType, HOLDER_TYPE_LABELS[holder.holderType]],
    [HOLDER_FORM_LABELS.name, holder.name],
    [HOLDER_FORM_LABELS.contact, holder.contact],
    [HOLDER_FORM_LABELS.email, holder.email],
  ];
  return (
    <StepFrame title={assistantScreens.boundHolderTitle}>
      <Text>{assistantScreens.boundHolderText}</Text>
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows
            .filter((row): row is [string, string] => Boolean(row[1]))
            .map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
      <Button onClick={() => send({ type: 'COMPLETED', holder })}>{assistantScreens.next}</Button>
    </StepFrame>
  );
}

function HolderForm() {
  const { snapshot, send, settings } = useAssistant();
  const { context } = snapshot;
  const start = initialHolder(context);
  const knownEmail = start.email ?? null;
  const [values, setValues] = useState<HolderFormValues>(() => ({
    holderType: start.holderType ?? null,
    name: start.name ?? '',
    contact: start.contact ?? '',
    email: start.email ?? '',
    emailConfirmation: '',
    authorized: false,
    privacyAccepted: false,
  }));
  const [visited, setVisited] = useState<ReadonlySet<HolderFormField>>(new Set());
  const rules = { licenseClass: context.licenseClass, knownEmail, consents: true };
  const problems = holderProblems(values, rules);
  const valid = Object.keys(problems).length === 0;
  const completed = () => ({
    type: 'COMPLETED' as const,
    holder: valid ? toHolderData(values, context.licenseClass) : undefined,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setVisited(new Set(Object.keys(problems) as HolderFormField[]));
    const next = completed();
    if (snapshot.can(next)) send(next);
  }

  return (
    <StepFrame title={assistantScreens.bindTitle}>
      <Text>{assistantScreens.bindText}</Text>
      <form onSubmit={submit} noValidate>
        <HolderFields
          value={values}
          onChange={(value, field) => {
            setValues(value);
            setVisited((before) => new Set([...before, field]));
          }}
          errors={Object.fromEntries(
            Object.entries(problems).filter(([field]) => visited.has(field as HolderFormField)),
          )}
          licenseClass={context.licenseClass}
          consents
          privacyUrl={settings.privacyUrl}
        />
        <FormSubmitButton
          pending={holderPending(values, problems)}
          onBlocked={() => setVisited(new Set(Object.keys(problems) as HolderFormField[]))}
          disabled={valid && !snapshot.can(completed())}
          mt="md"
        >
          {assistantScreens.next}
        </FormSubmitButton>
      </form>
    </StepFrame>
  );
}
