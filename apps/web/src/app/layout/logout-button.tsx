import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { navigationMessages, type AuthUser } from '@lizenzportal/domain';
import { useSignOut } from '@/lib/auth';
import { sessionLabel } from './session-label.ts';

export function LogoutButton({ user }: { user: AuthUser }) {
  const signOut = useSignOut();
  const label = sessionLabel(user);
  return (
    <Button
      variant="light"
      leftSection={<IconLogout size={18} aria-hidden />}
      onClick={() => void signOut()}
      aria-label={navigationMessages.signOutOf(label)}
      title={navigationMessages.signOut}
    >
      {label}
    </Button>
  );
}
