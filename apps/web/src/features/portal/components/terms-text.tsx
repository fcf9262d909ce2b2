import { List, Stack, Title } from '@mantine/core';
import { TERMS_OF_USE, type LicenseVersion } from '@lizenzportal/domain';

/** The terms of use of a license's version. */
export function TermsText({ version }: { version: LicenseVersion }) {
  const sections = TERMS_OF_USE[version];
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
