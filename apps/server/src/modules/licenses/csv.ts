import { formatLicenseKey, formatStartCode, LICENSE_LIST_FIELDS, type License } from '@lizenzportal/domain';
import { csvLayout } from '../../lists/csv.ts';

/** The columns of the license export („Lizenzen als CSV”), in the order an admin reads them. */
export const LICENSE_CSV = csvLayout<License>(
  LICENSE_LIST_FIELDS,
  [
    'key',
    'startCode',
    'version',
    'status',
    'properties.class',
    'properties.type',
    'properties.size',
    'properties.delivery',
    'properties.dvdCount',
    'holder.holderType',
    'holder.name',
    'holder.contact',
    'holder.email',
    'authenticationCode',
    'boundAt',
    'typeOfEntry',
    'entryReference',
    'notes',
    'specialPermissions',
    'downloads.software',
    'downloads.metasearch',
    'productSKU',
    'extensionSKU',
    'updatedToLicense',
    'createdAt',
    'updatedAt',
    '_id',
  ],
  {
    key: (value) => formatLicenseKey(String(value)),
    startCode: (value) => formatStartCode(String(value)),
  },
);
