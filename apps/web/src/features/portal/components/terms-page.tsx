import { Text } from '@mantine/core';
import { termsMessages } from '@lizenzportal/domain';
import { Page } from '@/components/ui/page';
import { useSignedInLicense } from '../hooks/use-signed-in-license.ts';
import { TermsText } from './terms-text.tsx';

/** `/terms`: the terms of use of the signed-in license's version. */
export function TermsPage() {
  const license = useSignedInLicense();
  if (!license) return null;
  return (
    <Page>
      <Text c="dimmed">{termsMessages.forVersion(license.version)}</Text>
      <TermsText version={license.version} />
    </Page>
  );
}
