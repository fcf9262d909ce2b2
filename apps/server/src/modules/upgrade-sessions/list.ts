import { sql } from 'kysely';
import { UPGRADE_SESSION_LIST } from '@lizenzportal/domain';
import { defineListEntity } from '../../lists/list-entity.ts';

/** A text property of a JSON column of the session. */
const property = (column: 'billing' | 'holder' | 'properties', name: string) =>
  sql`(upgrade_session.${sql.ref(column)} ->> ${name})`;

/** The upgrade-session list: the domain's declaration and the columns behind its fields. */
export const UPGRADE_SESSION_LIST_ENTITY = defineListEntity({
  table: 'upgrade_session',
  list: UPGRADE_SESSION_LIST,
  columns: {
    _id: 'id',
    purchaseType: 'purchase_type',
    status: 'status',
    orderId: 'order_id',
    offerNumber: 'offer_number',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    offeredAt: 'offered_at',
    offerValidUntil: 'offer_valid_until',
    fromVersion: 'from_version',
    toVersion: 'to_version',
    'billing.name': property('billing', 'name'),
    'billing.email': property('billing', 'email'),
    'billing.countryCode': property('billing', 'countryCode'),
    'billing.reference': property('billing', 'reference'),
    'billing.note': property('billing', 'note'),
    shipToDifferentAddress: 'ship_to_different_address',
    'holder.name': property('holder', 'name'),
    'properties.class': property('properties', 'class'),
    'properties.size': sql`(upgrade_session.properties ->> 'size')::int`,
    originalLicenses: 'original_licenses',
    productLicense: 'product_license',
  },
});
