import type { LicenseClass } from '../license/enums.ts';

export const PURCHASE_TYPES = ['upgrade', 'new', 'extension', 'reseller'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

export const PURCHASE_TYPE_LABELS: Record<PurchaseType, string> = {
  upgrade: 'Update',
  new: 'Neukauf',
  extension: 'Erweiterung',
  reseller: 'Reseller',
};

/** Lifecycle of an upgrade session (DESIGN.md §5); labels from the back-office spec §4. */
export const UPGRADE_SESSION_STATUSES = [
  'created',
  'offered',
  'purchased',
  'in-progress',
  'failed',
  'completed',
  'expired',
] as const;
export type UpgradeSessionStatus = (typeof UPGRADE_SESSION_STATUSES)[number];

/**
 * Whether a session in this status may still reach a cart: nothing was paid for it yet and its
 * offer has not expired (customer spec §4: „offered = still orderable”). The server answers the
 * assistant's question by it, the assistant reads a loaded offer by it.
 */
export function isOrderableStatus(status: UpgradeSessionStatus): boolean {
  return status === 'created' || status === 'offered';
}

export const UPGRADE_SESSION_STATUS_LABELS: Record<UpgradeSessionStatus, string> = {
  created: 'Neu erstellt',
  offered: 'Angebot erstellt',
  purchased: 'Gekauft',
  'in-progress': 'Lizenz in Bearbeitung',
  failed: 'Fehlgeschlagen',
  completed: 'Abgeschlossen',
  expired: 'Abgelaufen',
};

/** The classes sold in version 9. */
export const PURCHASABLE_CLASSES = ['pro', 'personal'] as const satisfies readonly LicenseClass[];
export type PurchasableClass = (typeof PURCHASABLE_CLASSES)[number];

/** Pro seat count of one assistant purchase (customer spec §5, §9). */
export const MIN_SEATS = 1;
export const MAX_SEATS = 10_000;
/** Size and quantity of a reseller line (customer spec §5, §9). */
export const MAX_RESELLER_SIZE = 100_000;
export const MAX_RESELLER_QUANTITY = 100_000;
/** Several version 8 licenses may be merged into one update. */
export const MAX_MERGED_LICENSES = 20;
export const MAX_RESELLER_LICENSES = 100;
/** Offers are valid for 30 days (customer spec §9). */
export const OFFER_VALIDITY_DAYS = 30;
