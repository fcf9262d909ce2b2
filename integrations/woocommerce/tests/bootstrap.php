<?php
/**
 * The plugin's pure classes, loaded as WordPress would, and the contract the portal's Node code
 * wrote for this run (LIZENZPORTAL_CONTRACT: its tokens, public keys and expected claims).
 */

define( 'ABSPATH', __DIR__ . '/' );
require_once dirname( __DIR__ ) . '/lizenzportal/includes/class-lizenzportal-cart-token.php';
require_once dirname( __DIR__ ) . '/lizenzportal/includes/class-lizenzportal-cart-lines.php';
require_once dirname( __DIR__ ) . '/lizenzportal/includes/class-lizenzportal-token-ledger.php';

/** The ledger in memory: what the database's primary key decides in the shop. */
final class Memory_Token_Ledger implements Lizenzportal_Token_Ledger {
	private $claimed = array();

	public function claim( string $token_id, int $expires_at ): bool {
		if ( isset( $this->claimed[ $token_id ] ) ) {
			return false;
		}
		$this->claimed[ $token_id ] = $expires_at;
		return true;
	}
}

/** The contract of this run, as the portal's code wrote it. */
function lizenzportal_contract(): array {
	$file = getenv( 'LIZENZPORTAL_CONTRACT' );
	if ( ! $file || ! is_readable( $file ) ) {
		throw new RuntimeException( 'LIZENZPORTAL_CONTRACT names no contract file: run these tests with npm test (integrations/woocommerce/plugin.test.ts).' );
	}
	return json_decode( file_get_contents( $file ), true, 512, JSON_THROW_ON_ERROR );
}
