import { LICENSE_LIST } from '@lizenzportal/domain';
import { startListEarly } from '../lists/early-list.ts';

/** The license list's first page, asked for beside the page's files (the route's `lazy`). */
export function startLicenseListEarly(): void {
  startListEarly(LICENSE_LIST);
}
