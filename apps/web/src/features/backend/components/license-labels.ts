import { LICENSE_LIST_FIELDS, listFieldLabel, type LicenseListFieldName } from '@lizenzportal/domain';

/** A license field's German label, as the list's field definition names it. */
export const label = (name: LicenseListFieldName): string => listFieldLabel(LICENSE_LIST_FIELDS, name);
