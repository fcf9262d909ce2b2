import { List, Stack, Text, Title } from '@mantine/core';
import { privacyNotice } from '@lizenzportal/domain';
import type { ReactNode } from 'react';
import { Page } from '@/components/ui/page';
import { useSettings } from '@/lib/settings';
import { SupportEmail } from './support-email.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** `/datenschutz`: what the portal stores and why – and what it does not do. */
export function PrivacyPage() {
  const { data: settings } = useSettings();
  return (
    <Page>
      <Section title={privacyNotice.responsible.title}>
        <Text>
          {settings
            ? `${settings.vendorName}, ${settings.vendorAddress}`
            : privacyNotice.responsible.vendorUnknown}
        </Text>
      </Section>
      <Section title={privacyNotice.stored.title}>
        <List spacing="xs">
          {privacyNotice.stored.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Section>
      {/* The periods this portal is configured with: the served page carries them from the start. */}
      {settings && (
        <Section title={privacyNotice.periods.title}>
          <List spacing="xs">
            {privacyNotice.periods.items(settings.retention).map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Section>
      )}
      <Section title={privacyNotice.notDone.title}>
        <Text>{privacyNotice.notDone.text}</Text>
      </Section>
      <Section title={privacyNotice.rights.title}>
        <Text>
          {privacyNotice.rights.text} <SupportEmail />.
        </Text>
      </Section>
    </Page>
  );
}
