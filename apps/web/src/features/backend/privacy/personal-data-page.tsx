import { Button, Group, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  personalDataMessages as texts,
  personalDataQuerySchema,
  type PersonalDataReport,
} from '@lizenzportal/domain';
import { useState, type FormEvent } from 'react';
import { Text } from '@mantine/core';
import { Page } from '@/components/ui/page';
import { apiRequest } from '@/lib/api';
import { ActionFailure } from '../components/action-failure.tsx';
import { PersonalDataResult } from './personal-data-result.tsx';

/**
 * „Auskunft” (Art. 15 GDPR, decision 064): staff enter an e-mail address or a name and see
 * everything the portal stores about that person, by table, and can download it as JSON.
 */
export function PersonalDataPage() {
  const [person, setPerson] = useState('');
  const [invalid, setInvalid] = useState(false);
  const report = useMutation({
    mutationFn: (asked: string) =>
      apiRequest<PersonalDataReport>('/personal-data/report', { method: 'POST', body: { person: asked } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = personalDataQuerySchema.safeParse({ person });
    setInvalid(!parsed.success);
    if (parsed.success) report.mutate(parsed.data.person);
  };

  return (
    <Page>
      <Text>{texts.intro}</Text>
      <form onSubmit={submit} noValidate aria-label={texts.search}>
        <Group align="flex-end">
          <TextInput
            label={texts.personLabel}
            description={texts.personDescription}
            value={person}
            onChange={(event) => setPerson(event.currentTarget.value)}
            error={invalid ? texts.personTooShort : undefined}
            required
            autoComplete="off"
            style={{ flex: 1, maxWidth: 480 }}
          />
          <Button type="submit" loading={report.isPending}>
            {texts.search}
          </Button>
        </Group>
      </form>
      <ActionFailure error={report.error} />
      {report.data && (
        <PersonalDataResult report={report.data} onErased={() => report.mutate(report.data.person)} />
      )}
    </Page>
  );
}
