import { Stack, Text } from '@mantine/core';
import { assistantScreens, countryName, MAIN_COUNTRY_CODES, OTHER_COUNTRIES } from '@lizenzportal/domain';
import { useState } from 'react';
import { FormSubmitButton } from '@/components/ui/form-submit-button';
import { useAssistant } from '../assistant-context.ts';
import { ChoiceButton } from '../choice-button.tsx';
import { StepFrame } from '../step-frame.tsx';
import { CountrySelect } from '../country-select.tsx';

export function CountryStep() {
  const { snapshot, send } = useAssistant();
  return (
    <StepFrame title={assistantScreens.countryTitle}>
      <Text>{assistantScreens.countryText}</Text>
      <Stack gap="sm">
        {MAIN_COUNTRY_CODES.map((code) => (
          <ChoiceButton
            key={code}
            title={countryName(code)}
            disabled={!snapshot.can({ type: code })}
            onClick={() => send({ type: code })}
          />
        ))}
        <ChoiceButton
          title={assistantScreens.otherCountry}
          disabled={!snapshot.can({ type: 'OTHER' })}
          onClick={() => send({ type: 'OTHER' })}
        />
      </Stack>
    </StepFrame>
  );
}

const OTHER_COUNTRY_OPTIONS = OTHER_COUNTRIES.map((country) => ({ value: country.key, label: country.name }));

export function OtherCountryStep() {
  const { snapshot, send } = useAssistant();
  const [countryCode, setCountryCode] = useState<string | null>(null);
  const selected = { type: 'SELECTED' as const, countryCode: countryCode ?? '' };
  return (
    <StepFrame title={assistantScreens.otherCountryTitle}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (snapshot.can(selected)) send(selected);
        }}
      >
        <Stack>
          <CountrySelect
            label={assistantScreens.countryLabel}
            placeholder={assistantScreens.countryPlaceholder}
            data={OTHER_COUNTRY_OPTIONS}
            value={countryCode}
            onChange={setCountryCode}
            searchable
            required
          />
          <FormSubmitButton
            pending={
              countryCode === null
                ? [{ field: 'countryCode', label: assistantScreens.countryLabel, missing: true }]
                : []
            }
            disabled={countryCode !== null && !snapshot.can(selected)}
          >
            {assistantScreens.next}
          </FormSubmitButton>
        </Stack>
      </form>
    </StepFrame>
  );
}
