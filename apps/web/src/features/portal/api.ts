import type { HolderBinding, License } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';

/** Binds the signed-in unbound license to its holder (`POST /license/{id}/holder`). */
export async function bindHolder(licenseId: string, holder: HolderBinding): Promise<License> {
  const { license } = await apiRequest<{ license: License }>(
    `/license/${encodeURIComponent(licenseId)}/holder`,
    { method: 'POST', body: holder },
  );
  return license;
}
