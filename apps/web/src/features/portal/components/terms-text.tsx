import { List, Stack, Title } from '@mantine/core';
import type { LicenseVersion } from '@lizenzportal/domain';
import { TERMS_VERSION_8 } from '../terms/terms-v8.ts';
import { TERMS_VERSION_9 } from '../terms/terms-v9.ts';

/** The terms of use of a license's version. */
export function TermsText({ version }: { version: LicenseVersion }) {
  const sections = version === '8' ? TERMS_VERSION_8 : TERMS_VERSION_9;
  return (
    <Stack gap="lg">
      {sections.map((section) => (
        <Stack key={section.title} gap="xs" component="section">
          <Title order={2} size="h4">
            {section.title}
          </Title>
          <List type="ordered" spacing="xs">
            {section.clauses.map((clause) => (
              <List.Item key={clause}>{clause}</List.Item>
            ))}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}
