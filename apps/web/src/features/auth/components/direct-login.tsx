import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import {
  directLoginErrorMessage,
  formatLicenseKey,
  formatStartCode,
  loginPageMessages,
  normalizeLicenseKey,
  looksLikeStartCode,
} from '@lizenzportal/domain';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { errorStatus, failedCall } from '@/lib/api';
import { HOME_PATH, LOGIN_PATH } from '@/lib/paths';
import { signInWithLicense } from '@/lib/license-sign-in';
import { useSignIn } from '../hooks/use-sign-in.ts';
import { LicenseKeyInput } from '@/components/license/license-key-input';
import { LoginCodeInput } from '@/components/license/login-code-input';
import { isTransient } from './login-error.tsx';

interface DirectLoginProps {
  licenseKey: string;
  authenticationCode: string;
}

/** The login by link (`/login?key=…&authenticationCode=…`): shows both values and signs in at once. */
export function DirectLogin({ licenseKey, authenticationCode }: DirectLoginProps) {
  const signIn = useSignIn(
    () => signInWithLicense(normalizeLicenseKey(licenseKey), authenticationCode),
    HOME_PATH,
  );
  const { mutate } = signIn;
  const started = useRef(false);
  useEffect(() => {
    // Once per link, also when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    mutate(undefined);
  }, [mutate]);

  const status = signIn.error ? errorStatus(signIn.error) : undefined;
  return (
    <Stack>
      <Text>{loginPageMessages.directIntro}</Text>
      <LicenseKeyInput value={formatLicenseKey(licenseKey)} readOnly />
      {looksLikeStartCode(authenticationCode) ? (
        <LoginCodeInput kind="startCode" value={formatStartCode(authenticationCode)} readOnly />
      ) : (
        <LoginCodeInput kind="holderName" value={authenticationCode} readOnly />
      )}
      {signIn.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{loginPageMessages.directSigningIn}</Text>
        </Group>
      )}
      {signIn.error && status !== undefined && (
        <ErrorBox
          title={loginPageMessages.directFailed}
          failure={failedCall(signIn.error)}
          message={directLoginErrorMessage(status)}
          onRetry={isTransient(status) ? () => mutate(undefined) : undefined}
        />
      )}
      <Group>
        <Button component={Link} to={LOGIN_PATH} variant="default">
          {loginPageMessages.toManualLogin}
        </Button>
      </Group>
    </Stack>
  );
}
