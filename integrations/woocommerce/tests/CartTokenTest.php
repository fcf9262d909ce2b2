<?php
use PHPUnit\Framework\TestCase;

/**
 * Tokens the portal's Node code signed, verified by the plugin's PHP (and one the PHP signs for
 * the Node side to read): the two ends of the cart token's contract in one run.
 */
final class CartTokenTest extends TestCase {
	/** @var array */
	private static $contract;

	public static function setUpBeforeClass(): void {
		self::$contract = lizenzportal_contract();
	}

	private function verify( string $token, ?int $now = null, ?array $keys = null, ?string $shop = null ): array {
		$c = self::$contract;
		return Lizenzportal_Cart_Token::verify( $token, $keys ?? $c['publicKeys'], $shop ?? $c['shopOrigin'], $now ?? $c['now'] );
	}

	private function refused( string $reason, callable $verify ): void {
		try {
			$verify();
		} catch ( Lizenzportal_Cart_Token_Error $error ) {
			$this->assertSame( $reason, $error->reason );
			$this->assertSame( Lizenzportal_Cart_Token::MESSAGES[ $reason ], $error->getMessage() );
			return;
		}
		$this->fail( "The token was accepted; expected the refusal „{$reason}”." );
	}

	public function test_a_token_the_portal_signed_is_its_claims(): void {
		$claims = $this->verify( self::$contract['tokens']['valid'] );
		$this->assertSame( self::$contract['claims']['valid'], $claims );
		$this->assertSame( 5130, $claims['lines'][0]['unitGross'] );
	}

	public function test_the_shop_origin_is_compared_as_an_origin(): void {
		$claims = $this->verify( self::$contract['tokens']['valid'], null, null, self::$contract['shopOrigin'] . ':443/shop/' );
		$this->assertSame( self::$contract['claims']['valid']['jti'], $claims['jti'] );
	}

	public function test_an_expired_token_is_refused(): void {
		$token = self::$contract['tokens']['valid'];
		$exp   = self::$contract['claims']['valid']['exp'];
		$this->assertSame( $exp, $this->verify( $token, $exp + Lizenzportal_Cart_Token::LEEWAY - 1 )['exp'] );
		$this->refused( 'expired', fn() => $this->verify( $token, $exp + Lizenzportal_Cart_Token::LEEWAY ) );
	}

	public function test_a_token_for_another_shop_is_refused(): void {
		$this->refused( 'audience', fn() => $this->verify( self::$contract['tokens']['otherShop'] ) );
		$this->refused( 'audience', fn() => $this->verify( self::$contract['tokens']['valid'], null, null, 'https://other-shop.example' ) );
	}

	public function test_a_forged_price_or_quantity_is_refused(): void {
		$this->refused( 'invalid', fn() => $this->verify( self::$contract['tokens']['forgedPrice'] ) );
		$this->refused( 'invalid', fn() => $this->verify( self::$contract['tokens']['forgedQuantity'] ) );
		$this->refused( 'invalid', fn() => $this->verify( self::$contract['tokens']['otherKey'] ) );
		$this->refused( 'invalid', fn() => $this->verify( self::$contract['tokens']['noneAlgorithm'] ) );
		$this->refused( 'invalid', fn() => $this->verify( self::$contract['tokens']['otherSignatureSpelling'] ) );
		$this->refused( 'invalid', fn() => $this->verify( 'not.a.token' ) );
	}

	public function test_a_rotation_keeps_the_previous_key_valid_while_it_is_entered(): void {
		$previous = self::$contract['tokens']['previousKey'];
		$this->assertSame( 'new', $this->verify( $previous )['purchaseType'] );
		$this->refused( 'invalid', fn() => $this->verify( $previous, null, array( self::$contract['publicKeys'][0] ) ) );
		$this->refused( 'no_key', fn() => $this->verify( $previous, null, array( 'kein Schlüssel' ) ) );
	}

	public function test_a_token_is_taken_once(): void {
		$ledger = new Memory_Token_Ledger();
		$claims = $this->verify( self::$contract['tokens']['valid'] );
		$this->assertTrue( $ledger->claim( $claims['jti'], $claims['exp'] ) );
		$this->assertFalse( $ledger->claim( $claims['jti'], $claims['exp'] ) );
		$other = $this->verify( self::$contract['tokens']['reseller'] );
		$this->assertTrue( $ledger->claim( $other['jti'], $other['exp'] ) );
	}

	/** The other direction: a token signed here with libsodium, which the Node side verifies. */
	public function test_php_signs_what_the_portals_format_reads(): void {
		$pair    = sodium_crypto_sign_seed_keypair( str_repeat( "\x07", SODIUM_CRYPTO_SIGN_SEEDBYTES ) );
		$encode  = fn( string $bytes ) => rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' );
		$claims  = self::$contract['claims']['valid'];
		$signing = $encode( json_encode( array( 'alg' => 'EdDSA', 'typ' => 'JWT' ) ) ) . '.' . $encode( json_encode( $claims ) );
		$token   = $signing . '.' . $encode( sodium_crypto_sign_detached( $signing, sodium_crypto_sign_secretkey( $pair ) ) );
		$public  = base64_encode( sodium_crypto_sign_publickey( $pair ) );
		$this->assertSame( $claims, Lizenzportal_Cart_Token::verify( $token, array( $public ), self::$contract['shopOrigin'], self::$contract['now'] ) );
		file_put_contents( self::$contract['phpSignedFile'], json_encode( array( 'publicKey' => $public, 'token' => $token ) ) );
	}
}
