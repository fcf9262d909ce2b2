import { List, Stack, Text, Title } from '@mantine/core';
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
      <Section title="Verantwortlich">
        <Text>
          {settings
            ? `${settings.vendorName}, ${settings.vendorAddress}`
            : 'Der Anbieter dieses Portals (siehe Impressum)'}
        </Text>
      </Section>
      <Section title="Welche Daten das Portal speichert">
        <List spacing="xs">
          <List.Item>
            Die Daten Ihrer Lizenz (Lizenzschlüssel, Startcode, Version, Art und Umfang) und – sobald die
            Lizenz gebunden ist – die Angaben zum Lizenznehmer: Name, E-Mail-Adresse und bei Organisationen
            der Ansprechpartner. Wir benötigen sie, um Ihre Lizenz zu verwalten, Ihnen Lizenzdokumente zu
            senden und Ihnen den Download der Software zu ermöglichen.
          </List.Item>
          <List.Item>
            Im lokalen Speicher Ihres Browsers: nach der Anmeldung ein Anmelde-Token (bis Sie sich abmelden
            oder es abläuft) und die Information, dass Sie den Hinweis zur Speicherung bestätigt haben.
          </List.Item>
        </List>
      </Section>
      <Section title="Was das Portal nicht tut">
        <Text>
          Das Portal verwendet keine Cookies zu Werbe- oder Analysezwecken, bindet keine Dienste Dritter ein
          und verfolgt Ihr Verhalten nicht (kein Tracking).
        </Text>
      </Section>
      <Section title="Ihre Rechte">
        <Text>
          Sie können Auskunft über Ihre gespeicherten Daten, deren Berichtigung oder Löschung verlangen.
          Schreiben Sie uns dazu an <SupportEmail />.
        </Text>
      </Section>
    </Page>
  );
}
