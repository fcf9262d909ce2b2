<?php
/**
 * The cart tokens this shop has taken: each only once, decided by the database's primary key, so
 * two requests at the same moment cannot both fill a cart from one token.
 *
 * @package Lizenzportal
 */

defined( 'ABSPATH' ) || exit;

interface Lizenzportal_Token_Ledger {
	/** True the first time a token id is claimed, false ever after (until it expired long ago). */
	public function claim( string $token_id, int $expires_at ): bool;
}

/** The ledger in the shop's database: `{prefix}lizenzportal_cart_tokens`. */
final class Lizenzportal_Database_Token_Ledger implements Lizenzportal_Token_Ledger {
	/** Ids are kept this long after their token expired; it cannot be taken then anyway. */
	const KEEP_SECONDS = DAY_IN_SECONDS;

	public static function table(): string {
		global $wpdb;
		return $wpdb->prefix . 'lizenzportal_cart_tokens';
	}

	/** Creates the table (plugin activation; dbDelta leaves an existing one as it is). */
	public static function install(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		dbDelta(
			'CREATE TABLE ' . self::table() . " (
  token_id char(36) NOT NULL,
  expires_at bigint(20) unsigned NOT NULL,
  PRIMARY KEY  (token_id),
  KEY expires_at (expires_at)
) {$wpdb->get_charset_collate()};"
		);
	}

	public function claim( string $token_id, int $expires_at ): bool {
		global $wpdb;
		$table = self::table();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE expires_at < %d", time() - self::KEEP_SECONDS ) );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$inserted = $wpdb->query(
			$wpdb->prepare( "INSERT IGNORE INTO {$table} (token_id, expires_at) VALUES (%s, %d)", $token_id, $expires_at )
		);
		return 1 === $inserted;
	}
}
