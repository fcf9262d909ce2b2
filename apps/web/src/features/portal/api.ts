import type { ContactChangeRequest, ContactChangeView, HolderBinding, License } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';

/** Binds the signed-in unbound license to its holder (`POST /license/{id}/holder`). */
export async function bindHolder(licenseId: string, holder: HolderBinding): Promise<License> {
  const { license } = await apiRequest<{ license: License }>(
    `/license/${encodeURIComponent(licenseId)}/holder`,
    { method: 'POST', body: holder },
  );
  return license;
}

/** Asks for a change of the bound holder's contact: a link to confirm it goes to the new address. */
export async function requestContactChange(
  licenseId: string,
  change: ContactChangeRequest,
): Promise<ContactChangeView> {
  const { contactChange } = await apiRequest<{ contactChange: ContactChangeView }>(
    `/license/${encodeURIComponent(licenseId)}/contact-change`,
    { method: 'POST', body: change },
  );
  return contactChange;
}

/** What a confirmation link would change (reads only). */
export async function readContactChange(token: string, signal?: AbortSignal): Promise<ContactChangeView> {
  const { contactChange } = await apiRequest<{ contactChange: ContactChangeView }>('/contact-change', {
    query: new URLSearchParams({ token }).toString(),
    ...(signal ? { signal } : {}),
  });
  return contactChange;
}

/** Confirms the change a link names (once). */
export async function confirmContactChange(token: string): Promise<ContactChangeView> {
  const { contactChange } = await apiRequest<{ contactChange: ContactChangeView }>(
    '/contact-change/confirm',
    { method: 'POST', body: { token } },
  );
  return contactChange;
}
