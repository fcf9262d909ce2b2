<?php
use PHPUnit\Framework\TestCase;

/** What the cart is made of a verified token: the SKU → product mapping, prices, locked quantities. */
final class CartLinesTest extends TestCase {
	/** @var array */
	private static $contract;

	public static function setUpBeforeClass(): void {
		self::$contract = lizenzportal_contract();
	}

	private function claims( string $name ): array {
		$c = self::$contract;
		return Lizenzportal_Cart_Token::verify( $c['tokens'][ $name ], $c['publicKeys'], $c['shopOrigin'], $c['now'] );
	}

	public function test_each_line_becomes_its_product_with_the_portals_data(): void {
		$items = Lizenzportal_Cart_Lines::from_claims( $this->claims( 'valid' ), self::$contract['productIds'] );
		$this->assertSame( array( array( 801, 10 ), array( 805, 1 ) ), array_map( fn( $item ) => array( $item['product_id'], $item['quantity'] ), $items ) );
		$data = $items[0]['item_data'][ Lizenzportal_Cart_Lines::ITEM_KEY ];
		$this->assertSame( 'M9-PRO', $data['sku'] );
		$this->assertSame( 51.3, Lizenzportal_Cart_Lines::price( $data ) );
		$this->assertSame( 15.0, Lizenzportal_Cart_Lines::price( $items[1]['item_data'][ Lizenzportal_Cart_Lines::ITEM_KEY ] ) );
	}

	public function test_reseller_lines_of_one_product_stay_apart_with_their_license_and_reference(): void {
		$items = Lizenzportal_Cart_Lines::from_claims( $this->claims( 'reseller' ), self::$contract['productIds'] );
		$data  = array_map( fn( $item ) => $item['item_data'][ Lizenzportal_Cart_Lines::ITEM_KEY ], $items );
		$this->assertSame(
			array( array( 'M9-PRO', 'r1', 'Schule A', 5 ), array( 'M9-PRO', 'r2', 'Schule B', 20 ) ),
			array_map( fn( $d ) => array( $d['sku'], $d['license_uid'], $d['customer_reference'], $d['quantity'] ), $data )
		);
		$this->assertNotSame( $items[0]['item_data'], $items[1]['item_data'] );
	}

	public function test_a_sku_without_its_product_here_is_refused(): void {
		$ids = self::$contract['productIds'];
		foreach ( array( array_merge( $ids, array( 'M9-DVD' => 0 ) ), array_merge( $ids, array( 'M9-PRO' => 999 ) ) ) as $wrong ) {
			try {
				Lizenzportal_Cart_Lines::from_claims( $this->claims( 'valid' ), $wrong );
				$this->fail( 'A cart with an unmapped product was made.' );
			} catch ( Lizenzportal_Cart_Token_Error $error ) {
				$this->assertSame( 'mapping', $error->reason );
			}
		}
		$this->assertTrue( Lizenzportal_Cart_Lines::is_portal_product( 803, $ids ) );
		$this->assertFalse( Lizenzportal_Cart_Lines::is_portal_product( 4711, $ids ) );
	}

	public function test_the_portals_quantities_are_locked_other_goods_are_not(): void {
		$items = Lizenzportal_Cart_Lines::from_claims( $this->claims( 'valid' ), self::$contract['productIds'] );
		$seats = array( 'quantity' => 10 ) + $items[0]['item_data'];
		$book  = array( 'quantity' => 1, 'product_id' => 4711 );
		$this->assertSame( 10, Lizenzportal_Cart_Lines::locked_quantity( $seats ) );
		$this->assertTrue( Lizenzportal_Cart_Lines::quantity_allowed( $seats, 10 ) );
		$this->assertTrue( Lizenzportal_Cart_Lines::quantity_allowed( $seats, 0 ) );
		$this->assertFalse( Lizenzportal_Cart_Lines::quantity_allowed( $seats, 12 ) );
		$this->assertFalse( Lizenzportal_Cart_Lines::quantity_allowed( $seats, '9' ) );
		$this->assertNull( Lizenzportal_Cart_Lines::locked_quantity( $book ) );
		$this->assertTrue( Lizenzportal_Cart_Lines::quantity_allowed( $book, 3 ) );
	}

	public function test_the_order_meta_is_the_hand_off_of_the_token(): void {
		$token = self::$contract['tokens']['valid'];
		$meta  = Lizenzportal_Cart_Lines::order_meta( $this->claims( 'valid' ), $token, array( 'sessionToken' => 'not for a cart without session' ) );
		$this->assertSame(
			array(
				'upgrade_session_id'    => '',
				'upgrade_session_token' => '',
				'offer_token'           => '',
				'purchase_type'         => 'new',
				'cart_token'            => $token,
			),
			$meta
		);
		$reseller = Lizenzportal_Cart_Lines::order_meta( $this->claims( 'reseller' ), 'x', array( 'sessionToken' => 'st', 'offerToken' => null ) );
		$this->assertSame( self::$contract['claims']['reseller']['sessionId'], $reseller['upgrade_session_id'] );
		$this->assertSame( 'st', $reseller['upgrade_session_token'] );
		$this->assertSame( 'reseller', $reseller['purchase_type'] );
	}
}
