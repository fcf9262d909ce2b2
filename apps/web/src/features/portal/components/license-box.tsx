import { Group, Paper, Stack, Table, Title } from '@mantine/core';
import type { License } from '@lizenzportal/domain';
import { licenseFacts, licenseShortName } from '../license-facts.ts';
import { LicenseImage } from './license-image.tsx';

export function LicenseBox({ license }: { license: License }) {
  const name = licenseShortName(license);
  return (
    <Paper withBorder p="lg" component="section" aria-label={name}>
      <Stack>
        <Group gap="md">
          <LicenseImage version={license.version} />
          <Title order={2} size="h3">
            {name}
          </Title>
        </Group>
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            {licenseFacts(license).map((fact) => (
              <Table.Tr key={fact.label}>
                <Table.Th w={{ base: '40%', sm: 220 }}>{fact.label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{fact.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
