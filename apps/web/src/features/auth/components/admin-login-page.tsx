import { Anchor, Button, Group, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import {
  adminLoginErrorMessage,
  adminLoginMessages,
  adminLoginPageMessages,
  fieldLabel,
  validationMessages,
} from '@lizenzportal/domain';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { errorStatus, failedCall } from '@/lib/api';
import { BACKEND_PATH, LOGIN_PATH } from '@/lib/paths';
import { signInAsAdmin } from '../api.ts';
import { useSignIn } from '../hooks/use-sign-in.ts';
import { SessionEndedNotice } from './session-ended-notice.tsx';

interface Credentials {
  username: string;
  password: string;
}

/** The toggle's eye is decoration: the button's German name says what it does. */
const PasswordToggleIcon = ({ reveal }: { reveal: boolean }) =>
  reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />;

const required = (field: keyof Credentials, value: string) =>
  value.trim() === '' ? validationMessages.required(fieldLabel(field)) : undefined;

/**
 * The two fields, checked on submit; a field's error goes when it is changed. Plain state, not
 * `@mantine/form`: this page is in the portal's entry, which every page loads first (decision 059).
 */
function useCredentials() {
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Credentials, string>>>({});
  const inputProps = (field: keyof Credentials) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });
  /** The form's submit handler: calls `submit` with the values when both fields are filled in. */
  const onSubmit = (submit: (credentials: Credentials) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found = {
      username: required('username', values.username),
      password: required('password', values.password),
    };
    setErrors(found);
    if (found.username === undefined && found.password === undefined) submit(values);
  };
  return { inputProps, onSubmit };
}

/** The back-office login (`/backend/login`). */
export function AdminLoginPage() {
  const form = useCredentials();
  const username = useRef<HTMLInputElement>(null);
  // The user name takes the focus once the page is painted, not with `autoFocus`: focusing lays the
  // page out at once, in the task of the first render, and Lighthouse's pessimistic estimate
  // counts a task that laid out before the largest paint into it (decision 059). A page reached
  // by a link has focused its heading by then (useFocusAfterNavigation) and keeps it.
  useEffect(() => {
    void afterFirstPaint().then(() => {
      if (document.activeElement === document.body) username.current?.focus();
    });
  }, []);
  const signIn = useSignIn(
    (credentials: Credentials) => signInAsAdmin(credentials.username.trim(), credentials.password),
    BACKEND_PATH,
  );
  const status = errorStatus(signIn.error);

  return (
    <Page>
      <SessionEndedNotice />
      <Paper withBorder p="lg" maw={420}>
        <form onSubmit={form.onSubmit((credentials) => signIn.mutate(credentials))} noValidate>
          <Stack>
            <TextInput
              label={fieldLabel('username')}
              autoComplete="username"
              ref={username}
              {...form.inputProps('username')}
            />
            <PasswordInput
              label={fieldLabel('password')}
              autoComplete="current-password"
              // A button like any other: reached by Tab, not only by mouse.
              visibilityToggleFocusable
              visibilityToggleIcon={PasswordToggleIcon}
              visibilityToggleButtonProps={{ 'aria-label': adminLoginPageMessages.showPassword }}
              {...form.inputProps('password')}
            />
            {signIn.error && (
              <ErrorBox
                title={adminLoginMessages.title}
                failure={failedCall(signIn.error)}
                message={adminLoginErrorMessage(status)}
              />
            )}
            <Group justify="space-between">
              <Anchor component={Link} to={LOGIN_PATH} size="sm">
                {adminLoginPageMessages.toCustomerLogin}
              </Anchor>
              <Button type="submit" loading={signIn.isPending}>
                {adminLoginPageMessages.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
