import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../paths.ts';
import { endSession } from './current-user.ts';

/**
 * Signing out leads to the customer login, from the back office too. The login page is rendered
 * (synchronously) before the user is cleared: otherwise the guard of the admin page still on
 * screen would see "nobody signed in" and send the admin to the back-office login instead.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await navigate(LOGIN_PATH, { flushSync: true });
    endSession(queryClient);
  };
}
