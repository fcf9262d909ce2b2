import {
  formatLicenseKey,
  formatStartCode,
  LICENSE_EXPORT_COLUMNS,
  LICENSE_LIST_FIELDS,
  type License,
} from '@lizenzportal/domain';
import { csvLayout } from '../../lists/csv.ts';

/** The license export („Lizenzen als CSV”): the columns the import reads back (`LICENSE_EXPORT_COLUMNS`). */
export const LICENSE_CSV = csvLayout<License>(LICENSE_LIST_FIELDS, LICENSE_EXPORT_COLUMNS, {
  key: (value) => formatLicenseKey(String(value)),
  startCode: (value) => formatStartCode(String(value)),
});
