import type { LoginResponse } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';

export function signInAsAdmin(username: string, password: string): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/admin', {
    method: 'POST',
    body: { username, password },
    signIn: true,
  });
}
