<?php
/**
 * The plugin in WordPress and WooCommerce: the assistant on a page (shortcode and block), the REST
 * route that fills the cart from a verified cart token, prices and locked quantities in the cart,
 * the hand-off in the order's meta data.
 *
 * @package Lizenzportal
 */

defined( 'ABSPATH' ) || exit;

final class Lizenzportal_Plugin {
	const SESSION_KEY = 'lizenzportal_hand_off';

	const NOT_WITHOUT_ASSISTANT = 'Dieses Produkt kann nur über den Lizenz-Assistenten in den Warenkorb gelegt werden.';

	const QUANTITY_LOCKED = 'Die Menge von „%s” kommt aus dem Lizenz-Assistenten und kann hier nicht geändert werden. Bitte ändern Sie sie im Assistenten.';

	const OTHER_COUNTRY = 'Die Preise im Warenkorb gelten für das Land, das Sie im Lizenz-Assistenten gewählt haben (%1$s), die Rechnungsadresse liegt in %2$s. Bitte wählen Sie im Assistenten das Land Ihrer Rechnungsadresse.';

	/** @var Lizenzportal_Settings */
	private $settings;

	/** @var Lizenzportal_Token_Ledger */
	private $ledger;

	/** @var bool While the plugin itself adds the portal's lines (nothing else may add them). */
	private $adding = false;

	public function __construct( Lizenzportal_Settings $settings, Lizenzportal_Token_Ledger $ledger ) {
		$this->settings = $settings;
		$this->ledger   = $ledger;
	}

	public function register(): void {
		add_action( 'init', array( $this, 'register_assistant' ) );
		add_action( 'rest_api_init', array( $this, 'register_route' ) );
		add_filter( 'woocommerce_add_to_cart_validation', array( $this, 'refuse_direct_add' ), 10, 2 );
		add_action( 'woocommerce_before_calculate_totals', array( $this, 'apply_prices' ), 20 );
		add_filter( 'woocommerce_update_cart_validation', array( $this, 'refuse_quantity_change' ), 10, 4 );
		add_filter( 'woocommerce_cart_item_quantity', array( $this, 'fixed_quantity_field' ), 10, 3 );
		add_filter( 'woocommerce_store_api_product_quantity_editable', array( $this, 'store_api_editable' ), 10, 3 );
		add_filter( 'woocommerce_store_api_product_quantity_minimum', array( $this, 'store_api_quantity' ), 10, 3 );
		add_filter( 'woocommerce_store_api_product_quantity_maximum', array( $this, 'store_api_quantity' ), 10, 3 );
		add_action( 'woocommerce_checkout_create_order_line_item', array( $this, 'line_item_meta' ), 10, 3 );
		add_action( 'woocommerce_checkout_create_order', array( $this, 'classic_order_meta' ), 10, 1 );
		add_action( 'woocommerce_store_api_checkout_update_order_from_request', array( $this, 'block_order_meta' ), 10, 1 );
		add_action( 'woocommerce_after_checkout_validation', array( $this, 'classic_country_check' ), 10, 2 );
		add_filter( 'woocommerce_hidden_order_itemmeta', array( $this, 'hidden_item_meta' ) );
		add_filter( 'woocommerce_order_item_get_formatted_meta_data', array( $this, 'shown_item_meta' ), 10, 1 );
	}

	// The assistant on a page.

	public function register_assistant(): void {
		wp_register_script(
			'lizenzportal-assistent',
			plugins_url( 'assets/assistant.js', LIZENZPORTAL_FILE ),
			array(),
			LIZENZPORTAL_VERSION,
			true
		);
		add_shortcode( 'lizenzportal_assistent', array( $this, 'assistant_html' ) );
		register_block_type( LIZENZPORTAL_DIR . 'blocks/assistent', array( 'render_callback' => array( $this, 'assistant_html' ) ) );
	}

	/** The iframe of the assistant and its script (shortcode `[lizenzportal_assistent]` and the block). */
	public function assistant_html(): string {
		$portal = $this->settings->portal_url();
		if ( '' === $portal ) {
			return current_user_can( 'manage_woocommerce' )
				? '<p>' . esc_html__( 'Der Lizenz-Assistent erscheint hier, sobald unter WooCommerce → Lizenzportal die Adresse des Portals eingetragen ist.', 'lizenzportal' ) . '</p>'
				: '';
		}
		wp_enqueue_script( 'lizenzportal-assistent' );
		wp_localize_script(
			'lizenzportal-assistent',
			'lizenzportalAssistent',
			array(
				'portalOrigin' => Lizenzportal_Cart_Token::origin( $portal ),
				'cartRoute'    => esc_url_raw( rest_url( 'lizenzportal/v1/cart' ) ),
				'nonce'        => wp_create_nonce( 'wp_rest' ),
				'adding'       => 'Der Warenkorb wird gefüllt …',
				'failed'       => 'Der Warenkorb konnte nicht gefüllt werden. Bitte versuchen Sie es erneut.',
			)
		);
		return sprintf(
			'<div class="lizenzportal-assistent" data-lizenzportal-assistent><iframe src="%1$s" title="%2$s" style="display:block;width:100%%;height:850px;border:0" allow="clipboard-write"></iframe><p class="lizenzportal-assistent__status" role="status" aria-live="polite"></p></div>',
			esc_url( $portal . '/m9-assistent' ),
			esc_attr__( 'Lizenz-Assistent', 'lizenzportal' )
		);
	}

	// The hand-off: a verified token becomes the cart.

	public function register_route(): void {
		register_rest_route(
			'lizenzportal/v1',
			'/cart',
			array(
				'methods'             => 'POST',
				// The cart token is the authorization: the portal signed it, for this shop, once.
				'permission_callback' => '__return_true',
				'args'                => array(
					'cartToken'    => array( 'type' => 'string', 'required' => true, 'maxLength' => 20000 ),
					'sessionToken' => array( 'type' => array( 'string', 'null' ), 'maxLength' => 2000 ),
					'offerToken'   => array( 'type' => array( 'string', 'null' ), 'maxLength' => 2000 ),
				),
				'callback'            => array( $this, 'fill_cart' ),
			)
		);
	}

	/** `POST /wp-json/lizenzportal/v1/cart`: verifies, claims and turns the token into the cart. */
	public function fill_cart( WP_REST_Request $request ) {
		$token = (string) $request->get_param( 'cartToken' );
		try {
			$claims = Lizenzportal_Cart_Token::verify(
				$token,
				$this->settings->public_keys(),
				Lizenzportal_Cart_Token::origin( home_url() ),
				time()
			);
			$items = Lizenzportal_Cart_Lines::from_claims( $claims, $this->settings->product_ids() );
			if ( ! $this->ledger->claim( $claims['jti'], (int) $claims['exp'] ) ) {
				throw new Lizenzportal_Cart_Token_Error( 'reused' );
			}
		} catch ( Lizenzportal_Cart_Token_Error $error ) {
			return new WP_Error( 'lizenzportal_' . $error->reason, $error->getMessage(), array( 'status' => 'reused' === $error->reason ? 409 : 400 ) );
		}
		if ( null === WC()->cart ) {
			wc_load_cart();
		}
		$cart = WC()->cart;
		// The assistant's earlier cart goes; other goods stay.
		foreach ( $cart->get_cart() as $key => $item ) {
			if ( null !== Lizenzportal_Cart_Lines::of_item( $item ) || Lizenzportal_Cart_Lines::is_portal_product( (int) $item['product_id'], $this->settings->product_ids() ) ) {
				$cart->remove_cart_item( $key );
			}
		}
		$this->adding = true;
		try {
			foreach ( $items as $item ) {
				if ( false === $cart->add_to_cart( $item['product_id'], $item['quantity'], 0, array(), $item['item_data'] ) ) {
					throw new Exception( wp_strip_all_tags( implode( ' ', wc_get_notices( 'error' ) ? array_column( wc_get_notices( 'error' ), 'notice' ) : array() ) ) );
				}
			}
		} catch ( Exception $error ) {
			foreach ( $cart->get_cart() as $key => $item ) {
				if ( null !== Lizenzportal_Cart_Lines::of_item( $item ) ) {
					$cart->remove_cart_item( $key );
				}
			}
			wc_clear_notices();
			return new WP_Error( 'lizenzportal_cart', trim( 'Der Warenkorb konnte nicht gefüllt werden. ' . $error->getMessage() ), array( 'status' => 409 ) );
		} finally {
			$this->adding = false;
		}
		WC()->session->set(
			self::SESSION_KEY,
			array(
				'claims' => $claims,
				'meta'   => Lizenzportal_Cart_Lines::order_meta( $claims, $token, $request->get_params() ),
			)
		);
		WC()->session->set_customer_session_cookie( true );
		// The cart shows the VAT of the country chosen in the assistant (the checkout takes no other).
		WC()->customer->set_billing_country( $claims['countryCode'] );
		WC()->customer->set_shipping_country( $claims['countryCode'] );
		WC()->customer->save();
		$cart->calculate_totals();
		return rest_ensure_response(
			array(
				'cartUrl' => wc_get_cart_url(),
				'total'   => (float) $cart->get_total( 'edit' ),
			)
		);
	}

	// The cart: portal lines only from a token, at the portal's price, in the portal's quantity.

	/** Nothing adds one of the portal's products but the plugin itself, from a token (unless the vendor allows it). */
	public function refuse_direct_add( $passed, $product_id ) {
		if ( $this->adding || ! $this->settings->require_token() || ! Lizenzportal_Cart_Lines::is_portal_product( (int) $product_id, $this->settings->product_ids() ) ) {
			return $passed;
		}
		wc_add_notice( self::NOT_WITHOUT_ASSISTANT, 'error' );
		return false;
	}

	/** The portal's price and quantity on every calculation, whatever came in between. */
	public function apply_prices( $cart ): void {
		foreach ( $cart->get_cart() as $key => $item ) {
			$data = Lizenzportal_Cart_Lines::of_item( $item );
			if ( null === $data ) {
				continue;
			}
			$item['data']->set_price( Lizenzportal_Cart_Lines::price( $data ) );
			if ( (int) $item['quantity'] !== (int) $data['quantity'] ) {
				$cart->set_quantity( $key, (int) $data['quantity'], false );
			}
		}
	}

	/** The classic cart's „Warenkorb aktualisieren” keeps the portal's quantities. */
	public function refuse_quantity_change( $passed, $cart_item_key, $values, $quantity ) {
		if ( Lizenzportal_Cart_Lines::quantity_allowed( $values, $quantity ) ) {
			return $passed;
		}
		wc_add_notice( sprintf( self::QUANTITY_LOCKED, $values['data']->get_name() ), 'error' );
		return false;
	}

	/** The classic cart shows the portal's quantity as text. */
	public function fixed_quantity_field( $field, $cart_item_key, $cart_item ) {
		$locked = Lizenzportal_Cart_Lines::locked_quantity( $cart_item );
		if ( null === $locked ) {
			return $field;
		}
		return sprintf( '%1$d<input type="hidden" name="cart[%2$s][qty]" value="%1$d" />', $locked, esc_attr( $cart_item_key ) );
	}

	/** The block cart shows no quantity selector for the portal's lines … */
	public function store_api_editable( $editable, $product, $cart_item ) {
		return is_array( $cart_item ) && null !== Lizenzportal_Cart_Lines::of_item( $cart_item ) ? false : $editable;
	}

	/** … and the Store API accepts no other quantity for them. */
	public function store_api_quantity( $value, $product, $cart_item ) {
		$locked = is_array( $cart_item ) ? Lizenzportal_Cart_Lines::locked_quantity( $cart_item ) : null;
		return null === $locked ? $value : $locked;
	}

	// The order: the hand-off in its meta data (DESIGN §6), hidden from the customer.

	/** Reseller lines carry their license line and customer reference. */
	public function line_item_meta( $item, $cart_item_key, $values ): void {
		$data = Lizenzportal_Cart_Lines::of_item( $values );
		if ( null === $data || null === $data['license_uid'] ) {
			return;
		}
		$item->add_meta_data( 'license_uid', $data['license_uid'], true );
		$item->add_meta_data( 'customer_reference', (string) $data['customer_reference'], true );
	}

	public function classic_order_meta( $order ): void {
		$this->write_order_meta( $order );
	}

	public function block_order_meta( $order ): void {
		$hand_off = $this->hand_off();
		if ( null === $hand_off ) {
			return;
		}
		$country = $order->get_billing_country();
		if ( $country !== $hand_off['claims']['countryCode'] ) {
			throw new \Automattic\WooCommerce\StoreApi\Exceptions\RouteException(
				'lizenzportal_country',
				esc_html( sprintf( self::OTHER_COUNTRY, $hand_off['claims']['countryCode'], $country ) ),
				400
			);
		}
		$this->write_order_meta( $order );
		$order->save();
	}

	public function classic_country_check( $data, $errors ): void {
		$hand_off = $this->hand_off();
		$country  = $data['billing_country'] ?? '';
		if ( null !== $hand_off && $country !== $hand_off['claims']['countryCode'] ) {
			$errors->add( 'lizenzportal_country', sprintf( self::OTHER_COUNTRY, $hand_off['claims']['countryCode'], $country ) );
		}
	}

	public function hidden_item_meta( $hidden ) {
		$hidden[] = 'license_uid';
		return $hidden;
	}

	/** The customer sees a reseller line's reference as „Kundenreferenz”, never the line's uid. */
	public function shown_item_meta( $formatted ) {
		foreach ( $formatted as $id => $meta ) {
			if ( 'license_uid' === $meta->key ) {
				unset( $formatted[ $id ] );
			} elseif ( 'customer_reference' === $meta->key ) {
				$meta->display_key = 'Kundenreferenz';
			}
		}
		return $formatted;
	}

	/** The hand-off of the cart's portal lines, while the cart still holds them. */
	private function hand_off() {
		if ( ! WC()->session || ! WC()->cart ) {
			return null;
		}
		$hand_off = WC()->session->get( self::SESSION_KEY );
		if ( ! is_array( $hand_off ) ) {
			return null;
		}
		foreach ( WC()->cart->get_cart() as $item ) {
			$data = Lizenzportal_Cart_Lines::of_item( $item );
			if ( null !== $data && $data['token_id'] === $hand_off['claims']['jti'] ) {
				return $hand_off;
			}
		}
		return null;
	}

	private function write_order_meta( $order ): void {
		$hand_off = $this->hand_off();
		if ( null === $hand_off ) {
			return;
		}
		foreach ( $hand_off['meta'] as $key => $value ) {
			$order->update_meta_data( $key, $value );
		}
	}
}
