<?php
/**
 * What the shop's cart is made of a verified cart token: products, quantities, prices and the data
 * each cart item carries. Pure PHP (no WordPress), tested on its own.
 *
 * @package Lizenzportal
 */

defined( 'ABSPATH' ) || exit;

final class Lizenzportal_Cart_Lines {
	/** The key of the portal's data in a cart item (and the sign that a cart item is the portal's). */
	const ITEM_KEY = 'lizenzportal';

	/**
	 * The cart items a token stands for, in its order.
	 *
	 * @param array $claims      Verified claims (Lizenzportal_Cart_Token::verify).
	 * @param array $product_ids This shop's product id per SKU (the settings).
	 * @return array[] Each: `product_id`, `quantity`, `item_data` (under ITEM_KEY: sku, quantity,
	 *                 unit gross in cents, license uid, customer reference, the token's id).
	 * @throws Lizenzportal_Cart_Token_Error `mapping` when a SKU has no product here, or the portal
	 *                                       names another product id than this shop has.
	 */
	public static function from_claims( array $claims, array $product_ids ): array {
		$items = array();
		foreach ( $claims['lines'] as $index => $line ) {
			$product_id = (int) ( $product_ids[ $line['sku'] ] ?? 0 );
			if ( $product_id < 1 || $product_id !== $line['productId'] ) {
				throw new Lizenzportal_Cart_Token_Error( 'mapping' );
			}
			$items[] = array(
				'product_id' => $product_id,
				'quantity'   => $line['quantity'],
				'item_data'  => array(
					self::ITEM_KEY => array(
						'sku'                => $line['sku'],
						'quantity'           => $line['quantity'],
						'unit_gross'         => $line['unitGross'],
						'license_uid'        => $line['licenseUid'],
						'customer_reference' => $line['customerReference'],
						'line'               => $index,
						'token_id'           => $claims['jti'],
					),
				),
			);
		}
		return $items;
	}

	/** The order meta data of the hand-off (the portal's DESIGN §6 keys and the token). */
	public static function order_meta( array $claims, string $token, array $hand_off ): array {
		$proof = static function ( $value ): string {
			return is_string( $value ) && strlen( $value ) <= 2000 ? $value : '';
		};
		return array(
			'upgrade_session_id'    => $claims['sessionId'] ?? '',
			'upgrade_session_token' => null !== $claims['sessionId'] ? $proof( $hand_off['sessionToken'] ?? null ) : '',
			'offer_token'           => null !== $claims['sessionId'] ? $proof( $hand_off['offerToken'] ?? null ) : '',
			'purchase_type'         => $claims['purchaseType'],
			'cart_token'            => $token,
		);
	}

	/** The portal's data of a cart item, or null for other goods. */
	public static function of_item( array $cart_item ) {
		$data = $cart_item[ self::ITEM_KEY ] ?? null;
		return is_array( $data ) && isset( $data['sku'], $data['quantity'], $data['unit_gross'] ) ? $data : null;
	}

	/** The price WooCommerce sets the item to: the portal's German gross per item, in the shop's currency. */
	public static function price( array $data ): float {
		return $data['unit_gross'] / 100;
	}

	/** The quantity a portal item must keep (null for other goods: the buyer's to change). */
	public static function locked_quantity( array $cart_item ) {
		$data = self::of_item( $cart_item );
		return null === $data ? null : (int) $data['quantity'];
	}

	/**
	 * Whether the cart item's quantity may be changed to `$quantity`: other goods always; a portal
	 * item only to the quantity the portal signed (or 0, which removes it).
	 */
	public static function quantity_allowed( array $cart_item, $quantity ): bool {
		$locked = self::locked_quantity( $cart_item );
		return null === $locked || (int) $quantity === $locked || 0 === (int) $quantity;
	}

	/** Whether a product id is one of the portal's (configured for one of its SKUs). */
	public static function is_portal_product( int $product_id, array $product_ids ): bool {
		return $product_id > 0 && in_array( $product_id, array_map( 'intval', array_values( $product_ids ) ), true );
	}
}
