import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@lizenzportal/domain';
import { useNavigate } from 'react-router';
import { endSession, forgetSessionEnd, signInTarget, startSession } from '@/lib/auth';

/**
 * A sign-in call that keeps the token and opens `target` on success; a failure removes any stored
 * token (both specs) and leaves the error on the mutation for the form to show.
 */
export function useSignIn<Credentials>(
  signIn: (credentials: Credentials) => Promise<LoginResponse>,
  target: string,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (login) => {
      // Back to the page of a session that ended, if there was one in this area.
      const next = signInTarget(target);
      forgetSessionEnd();
      startSession(queryClient, login);
      // Replaced, not pushed: a direct-login address (key and start code) leaves no trace in the history.
      await navigate(next, { replace: true });
    },
    onError: () => endSession(queryClient),
  });
}
