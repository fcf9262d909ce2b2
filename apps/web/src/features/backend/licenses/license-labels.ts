import { findListField, LICENSE_LIST_FIELDS, type LicenseListFieldName } from '@lizenzportal/domain';

/** A license field's German label, as the list's field definition names it. */
export const label = (name: LicenseListFieldName): string => findListField(LICENSE_LIST_FIELDS, name)!.label;
