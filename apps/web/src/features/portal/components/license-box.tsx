import { Group, Paper, Stack, Title } from '@mantine/core';
import type { License } from '@lizenzportal/domain';
import { licenseFacts, licenseShortName } from '../license-facts.ts';
import { LicenseImage } from './license-image.tsx';
import classes from './license-box.module.css';

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
        {/* A plain table, not Mantine's Table: see license-box.module.css. */}
        <table className={classes.facts}>
          <tbody>
            {licenseFacts(license).map((fact) => (
              <tr key={fact.label}>
                <th scope="row">{fact.label}</th>
                <td>{fact.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Stack>
    </Paper>
  );
}
