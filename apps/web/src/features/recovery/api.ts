import { apiRequest } from '@/lib/api';

/**
 * Asks for the license documents of all bound licenses of an address to be sent again. The answer
 * is the same whether or not licenses exist, so it tells nothing about the address.
 */
export function requestLicenseDocuments(email: string): Promise<unknown> {
  return apiRequest('/license-recovery', { method: 'POST', body: { email } });
}
