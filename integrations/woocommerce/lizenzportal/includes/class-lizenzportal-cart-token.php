<?php
/**
 * The cart the portal signed (its decision 065): a JWT signed with Ed25519 (`alg: EdDSA`),
 * verified here with libsodium and the portal's public keys only.
 *
 * @package Lizenzportal
 */

defined( 'ABSPATH' ) || exit;

/**
 * Why a cart token was refused: a code the plugin answers with, and the German text the shop's
 * customer reads.
 */
final class Lizenzportal_Cart_Token_Error extends Exception {
	/** @var string One of the codes of Lizenzportal_Cart_Token::MESSAGES. */
	public $reason;

	public function __construct( string $reason ) {
		parent::__construct( Lizenzportal_Cart_Token::MESSAGES[ $reason ] ?? Lizenzportal_Cart_Token::MESSAGES['invalid'] );
		$this->reason = $reason;
	}
}

/**
 * Verifies cart tokens. Pure PHP (no WordPress): tested with tokens the portal's own code signed.
 */
final class Lizenzportal_Cart_Token {
	/** Seconds a clock may be off between the portal and the shop. */
	const LEEWAY = 60;

	const SKUS = array( 'M9-PRO', 'M9-PER', 'M9-PROU', 'M9-PERU', 'M9-DVD' );

	const PURCHASE_TYPES = array( 'upgrade', 'new', 'extension', 'reseller' );

	const AGAIN = 'Bitte wählen Sie im Lizenz-Assistenten erneut „In den Warenkorb”.';

	const MESSAGES = array(
		'invalid'  => 'Der Warenkorb des Lizenz-Assistenten ist ungültig. ' . self::AGAIN,
		'expired'  => 'Der Warenkorb des Lizenz-Assistenten ist abgelaufen. ' . self::AGAIN,
		'audience' => 'Dieser Warenkorb des Lizenz-Assistenten wurde für einen anderen Shop erstellt.',
		'reused'   => 'Dieser Warenkorb des Lizenz-Assistenten wurde bereits übernommen. ' . self::AGAIN,
		'mapping'  => 'Ein Produkt aus dem Lizenz-Assistenten ist in diesem Shop nicht eingerichtet. Bitte wenden Sie sich an uns.',
		'no_key'   => 'Der Shop ist noch nicht mit dem Lizenzportal verbunden. Bitte wenden Sie sich an uns.',
	);

	/**
	 * The claims of a token one of the keys signed, for this shop and not expired.
	 *
	 * @param string   $token       The compact JWT.
	 * @param string[] $public_keys The portal's public keys, each the raw 32 bytes in base64.
	 * @param string   $audience    This shop's origin (`https://shop.example`).
	 * @param int      $now         Unix time.
	 * @return array The claims (`jti`, `exp`, `purchaseType`, `sessionId`, `countryCode`, `lines`, `totals`, …).
	 * @throws Lizenzportal_Cart_Token_Error When it is none of that.
	 */
	public static function verify( string $token, array $public_keys, string $audience, int $now ): array {
		$keys = array_values( array_filter( array_map( array( self::class, 'public_key' ), $public_keys ) ) );
		if ( ! $keys ) {
			throw new Lizenzportal_Cart_Token_Error( 'no_key' );
		}
		if ( strlen( $token ) > 20000 || ! preg_match( '/^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/', $token, $parts ) ) {
			throw new Lizenzportal_Cart_Token_Error( 'invalid' );
		}
		$header    = json_decode( (string) self::base64url_decode( $parts[1] ), true );
		$signature = self::base64url_decode( $parts[3] );
		if ( ! is_array( $header ) || ( $header['alg'] ?? null ) !== 'EdDSA' || null === $signature || strlen( $signature ) !== SODIUM_CRYPTO_SIGN_BYTES ) {
			throw new Lizenzportal_Cart_Token_Error( 'invalid' );
		}
		$signed = $parts[1] . '.' . $parts[2];
		$valid  = false;
		foreach ( $keys as $key ) {
			$valid = $valid || sodium_crypto_sign_verify_detached( $signature, $signed, $key );
		}
		if ( ! $valid ) {
			throw new Lizenzportal_Cart_Token_Error( 'invalid' );
		}
		$claims = json_decode( (string) self::base64url_decode( $parts[2] ), true );
		if ( ! is_array( $claims ) || ! self::well_formed( $claims ) ) {
			throw new Lizenzportal_Cart_Token_Error( 'invalid' );
		}
		$audiences = is_array( $claims['aud'] ) ? $claims['aud'] : array( $claims['aud'] );
		if ( ! in_array( self::origin( $audience ), array_map( array( self::class, 'origin' ), $audiences ), true ) ) {
			throw new Lizenzportal_Cart_Token_Error( 'audience' );
		}
		if ( $now >= $claims['exp'] + self::LEEWAY || $claims['iat'] > $now + self::LEEWAY ) {
			throw new Lizenzportal_Cart_Token_Error( 'expired' );
		}
		return $claims;
	}

	/** `https://Shop.example:443/path` → `https://shop.example`; how both sides name the shop. */
	public static function origin( $url ): string {
		$parts = is_string( $url ) ? parse_url( trim( $url ) ) : false;
		if ( ! $parts || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
			return '';
		}
		$scheme  = strtolower( $parts['scheme'] );
		$default = 'https' === $scheme ? 443 : 80;
		$port    = isset( $parts['port'] ) && (int) $parts['port'] !== $default ? ':' . (int) $parts['port'] : '';
		return $scheme . '://' . strtolower( $parts['host'] ) . $port;
	}

	/** The raw key of a base64 public key, or null unless it is 32 bytes. */
	private static function public_key( $text ) {
		$raw = is_string( $text ) ? base64_decode( trim( $text ), true ) : false;
		return false !== $raw && strlen( $raw ) === SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES ? $raw : null;
	}

	/** Bytes of the one canonical base64url spelling of them, else null. */
	private static function base64url_decode( string $text ) {
		$raw = base64_decode( strtr( $text, '-_', '+/' ), true );
		if ( false === $raw || rtrim( strtr( base64_encode( $raw ), '+/', '-_' ), '=' ) !== $text ) {
			return null;
		}
		return $raw;
	}

	private static function well_formed( array $claims ): bool {
		$whole = static function ( $value, int $min ): bool {
			return is_int( $value ) && $value >= $min;
		};
		$text_or_null = static function ( $value ): bool {
			return null === $value || ( is_string( $value ) && strlen( $value ) <= 100 );
		};
		$uuid = '/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/';
		if ( ! isset( $claims['aud'], $claims['jti'], $claims['lines'], $claims['totals'] )
			|| ! $whole( $claims['exp'] ?? null, 0 ) || ! $whole( $claims['iat'] ?? null, 0 )
			|| ! is_string( $claims['jti'] ) || ! preg_match( $uuid, $claims['jti'] )
			|| ! in_array( $claims['purchaseType'] ?? null, self::PURCHASE_TYPES, true )
			|| ! ( null === ( $claims['sessionId'] ?? null ) || ( is_string( $claims['sessionId'] ) && preg_match( $uuid, $claims['sessionId'] ) ) )
			|| ! is_string( $claims['countryCode'] ?? null ) || ! preg_match( '/^[A-Z]{2}$/', $claims['countryCode'] )
			|| ! is_array( $claims['lines'] ) || ! $claims['lines'] || ! array_is_list( $claims['lines'] ) ) {
			return false;
		}
		foreach ( $claims['lines'] as $line ) {
			if ( ! is_array( $line ) || ! in_array( $line['sku'] ?? null, self::SKUS, true )
				|| ! $whole( $line['productId'] ?? null, 1 ) || ! $whole( $line['quantity'] ?? null, 1 )
				|| ! $whole( $line['unitGross'] ?? null, 0 ) || ! $whole( $line['gross'] ?? null, 0 )
				|| ! array_key_exists( 'licenseUid', $line ) || ! $text_or_null( $line['licenseUid'] )
				|| ! array_key_exists( 'customerReference', $line ) || ! $text_or_null( $line['customerReference'] ) ) {
				return false;
			}
		}
		return true;
	}
}
