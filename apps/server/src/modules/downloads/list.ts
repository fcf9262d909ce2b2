import { sql } from 'kysely';
import { DOWNLOAD_LIST } from '@lizenzportal/domain';
import { defineListEntity } from '../../lists/list-entity.ts';

/** A column of the record's license (the log keeps only its id). */
const ofLicense = (column: 'key' | 'holder_name') =>
  sql`(select license.${sql.ref(column)} from license where license.id = download.license)`;

/** The download log: the domain's declaration and the columns behind its fields. */
export const DOWNLOAD_LIST_ENTITY = defineListEntity({
  table: 'download',
  list: DOWNLOAD_LIST,
  columns: {
    _id: 'id',
    object: 'object',
    product: 'product',
    platform: 'platform',
    version: 'version',
    createdAt: 'created_at',
    completedAt: 'completed_at',
    license: 'license',
    'license.key': ofLicense('key'),
    'license.holder.name': ofLicense('holder_name'),
  },
});
