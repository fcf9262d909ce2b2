import { Divider, Paper, Stack, Text } from '@mantine/core';
import { loginPageMessages } from '@lizenzportal/domain';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { DirectLogin } from './direct-login.tsx';
import { LoginLinks } from './login-links.tsx';
import { SessionEndedNotice } from './session-ended-notice.tsx';
import { SimpleLoginForm } from './simple-login-form.tsx';

/** The customer login (`/login`, and `/` for visitors); a link with key and code signs in directly. */
export function LoginPage() {
  const [search] = useSearchParams();
  const licenseKey = search.get('key');
  const authenticationCode = search.get('authenticationCode');
  const direct = licenseKey !== null && authenticationCode !== null;
  return (
    <Page>
      <SessionEndedNotice />
      <Paper withBorder p="lg" maw={520}>
        <Stack>
          {direct ? (
            <DirectLogin
              // A different link is a new sign-in.
              key={`${licenseKey}\n${authenticationCode}`}
              licenseKey={licenseKey}
              authenticationCode={authenticationCode}
            />
          ) : (
            <>
              <Text>{loginPageMessages.intro}</Text>
              <SimpleLoginForm />
            </>
          )}
          <Divider />
          <LoginLinks />
        </Stack>
      </Paper>
    </Page>
  );
}
