<?php
/**
 * Sets up the test shop of `npm run shop:e2e` with php-cli, one step per run (each a fresh
 * WordPress load, as the steps need): `php setup.php <site dir> <step>` with the step's input as
 * JSON on stdin; prints its result as JSON.
 *
 *   install    WordPress itself (the admin from the input)
 *   activate   WooCommerce, then the plugin (its activation makes the token table)
 *   configure  the German store: taxes, bank transfer, the classic cart and checkout, the five
 *              products, the page with the assistant, the REST key; answers their ids
 *   connect    the plugin's settings (all but „Nur mit Warenkorb-Token des Portals”: its
 *              default), the webhook to the portal
 *   require-token  „Nur mit Warenkorb-Token des Portals” on or off
 */

[ , $site, $step ] = $argv;
$input = json_decode( (string) stream_get_contents( STDIN ), true ) ?: array();
$home  = $input['home'];

$_SERVER['HTTP_HOST']   = parse_url( $home, PHP_URL_HOST ) . ':' . parse_url( $home, PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_NAME'] = parse_url( $home, PHP_URL_HOST );
if ( 'install' === $step ) {
	define( 'WP_INSTALLING', true );
}
require $site . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

/** Fails the step with what went wrong. */
function lizenzportal_e2e_fail( string $message ): void {
	fwrite( STDERR, $message . "\n" );
	exit( 1 );
}

switch ( $step ) {
	case 'install':
		$result = wp_install( 'Lizenzportal Testshop', $input['admin'], $input['adminEmail'], true, '', wp_slash( $input['adminPassword'] ), 'de_DE' );
		update_option( 'permalink_structure', '/%postname%/' );
		echo wp_json_encode( array( 'user' => $result['user_id'] ) );
		break;

	case 'activate':
		foreach ( array( 'woocommerce/woocommerce.php', 'lizenzportal/lizenzportal.php' ) as $plugin ) {
			$activated = activate_plugin( $plugin );
			if ( is_wp_error( $activated ) ) {
				lizenzportal_e2e_fail( $plugin . ': ' . $activated->get_error_message() );
			}
		}
		echo wp_json_encode( array( 'active' => get_option( 'active_plugins' ) ) );
		break;

	case 'configure':
		lizenzportal_e2e_configure( $input );
		break;

	case 'connect':
		lizenzportal_e2e_connect( $input );
		break;

	case 'require-token':
		$settings                  = get_option( 'lizenzportal_settings' );
		$settings['require_token'] = (bool) $input['required'];
		update_option( 'lizenzportal_settings', $settings );
		echo wp_json_encode( array( 'requireToken' => $settings['require_token'] ) );
		break;

	default:
		lizenzportal_e2e_fail( "unknown step $step" );
}

/** The store as DESIGN §4 assumes it: German, prices entered including tax, VAT by billing country. */
function lizenzportal_e2e_configure( array $input ): void {
	global $wpdb;
	$options = array(
		'woocommerce_default_country'          => 'DE',
		'woocommerce_currency'                 => 'EUR',
		'woocommerce_currency_pos'             => 'right_space',
		'woocommerce_price_thousand_sep'       => '.',
		'woocommerce_price_decimal_sep'        => ',',
		'woocommerce_price_num_decimals'       => '2',
		'woocommerce_allowed_countries'        => 'all',
		'woocommerce_ship_to_countries'        => 'disabled',
		'woocommerce_calc_taxes'               => 'yes',
		'woocommerce_prices_include_tax'       => 'yes',
		'woocommerce_tax_based_on'             => 'billing',
		'woocommerce_tax_round_at_subtotal'    => 'no',
		'woocommerce_tax_display_shop'         => 'incl',
		'woocommerce_tax_display_cart'         => 'incl',
		'woocommerce_tax_total_display'        => 'single',
		'woocommerce_enable_guest_checkout'    => 'yes',
		'woocommerce_coming_soon'              => 'no',
		'woocommerce_store_pages_only'         => 'no',
		'woocommerce_onboarding_profile'       => array( 'skipped' => true ),
		'woocommerce_bacs_settings'            => array(
			'enabled'      => 'yes',
			'title'        => 'Überweisung',
			'description'  => 'Bitte überweisen Sie den Betrag auf unser Konto; die Lizenzen folgen nach Zahlungseingang.',
			'instructions' => 'Bitte überweisen Sie den Betrag unter Angabe der Bestellnummer.',
		),
		'woocommerce_bacs_accounts'            => array(
			array(
				'account_name'   => 'Symbolsoftware Demo GmbH',
				'account_number' => '',
				'bank_name'      => 'Testbank',
				'sort_code'      => '',
				'iban'           => 'DE02120300000000202051',
				'bic'            => 'BYLADEM1001',
			),
		),
	);
	foreach ( $options as $name => $value ) {
		update_option( $name, $value );
	}

	// One standard rate per country of the portal's VAT table (others pay none).
	$wpdb->query( "DELETE FROM {$wpdb->prefix}woocommerce_tax_rates" );
	foreach ( $input['vatRates'] as $country => $rate ) {
		WC_Tax::_insert_tax_rate(
			array(
				'tax_rate_country'  => $country,
				'tax_rate'          => number_format( (float) $rate, 4, '.', '' ),
				'tax_rate_name'     => 'MwSt.',
				'tax_rate_priority' => 1,
				'tax_rate_compound' => 0,
				'tax_rate_shipping' => 1,
				'tax_rate_order'    => 0,
				'tax_rate_class'    => '',
			)
		);
	}

	// The classic cart and checkout (shortcodes), and the page with the assistant.
	$page = static function ( string $title, string $slug, string $content ): int {
		return (int) wp_insert_post(
			array( 'post_title' => $title, 'post_name' => $slug, 'post_content' => $content, 'post_status' => 'publish', 'post_type' => 'page' ),
			true
		);
	};
	update_option( 'woocommerce_cart_page_id', $page( 'Warenkorb', 'warenkorb', '[woocommerce_cart]' ) );
	update_option( 'woocommerce_checkout_page_id', $page( 'Kasse', 'kasse', '[woocommerce_checkout]' ) );
	$assistant = $page( 'Lizenzen kaufen', 'lizenzen-kaufen', '[lizenzportal_assistent]' );

	$products = array();
	foreach ( $input['products'] as $sku => $product ) {
		$item = new WC_Product_Simple();
		$item->set_name( $product['title'] );
		$item->set_sku( $sku );
		$item->set_regular_price( $product['price'] );
		$item->set_virtual( true );
		$item->set_tax_status( 'taxable' );
		$item->set_status( 'publish' );
		$products[ $sku ] = $item->save();
	}

	// The REST key the portal's reconciliation reads orders with (and this script marks them paid with).
	$key    = 'ck_' . wc_rand_hash();
	$secret = 'cs_' . wc_rand_hash();
	$wpdb->insert(
		$wpdb->prefix . 'woocommerce_api_keys',
		array(
			'user_id'         => 1,
			'description'     => 'Lizenzportal',
			'permissions'     => 'read_write',
			'consumer_key'    => wc_api_hash( $key ),
			'consumer_secret' => $secret,
			'truncated_key'   => substr( $key, -7 ),
		)
	);
	flush_rewrite_rules();
	echo wp_json_encode(
		array(
			'products'      => $products,
			'assistantPage' => get_permalink( $assistant ),
			'restKey'       => $key,
			'restSecret'    => $secret,
		)
	);
}

/** The plugin's settings as the vendor enters them, and the webhook to the portal. */
function lizenzportal_e2e_connect( array $input ): void {
	update_option(
		'lizenzportal_settings',
		array(
			'portal_url'  => $input['portalUrl'],
			'public_keys' => implode( "\n", $input['publicKeys'] ),
			'product_ids' => $input['productIds'],
		)
	);
	$webhook = new WC_Webhook();
	$webhook->set_name( 'Lizenzportal' );
	$webhook->set_user_id( 1 );
	$webhook->set_topic( 'order.updated' );
	$webhook->set_secret( $input['webhookSecret'] );
	$webhook->set_delivery_url( $input['portalUrl'] . '/api/v1/shop/webhook' );
	$webhook->set_status( 'active' );
	$webhook->set_api_version( 'wp_api_v3' );
	echo wp_json_encode( array( 'webhook' => $webhook->save() ) );
}
