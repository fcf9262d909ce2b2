<?php
/**
 * Plugin Name:       Lizenzportal
 * Description:       Bettet den Lizenz-Assistenten des Lizenzportals ein und übernimmt seinen Warenkorb mit den Preisen, die das Portal signiert hat.
 * Version:           1.0.0
 * Requires at least: 6.5
 * Requires PHP:      8.1
 * Requires Plugins:  woocommerce
 * WC requires at least: 9.0
 * License:           Proprietary
 * Text Domain:       lizenzportal
 *
 * @package Lizenzportal
 */

defined( 'ABSPATH' ) || exit;

const LIZENZPORTAL_VERSION = '1.0.0';
const LIZENZPORTAL_FILE    = __FILE__;
define( 'LIZENZPORTAL_DIR', plugin_dir_path( __FILE__ ) );

require_once LIZENZPORTAL_DIR . 'includes/class-lizenzportal-cart-token.php';
require_once LIZENZPORTAL_DIR . 'includes/class-lizenzportal-cart-lines.php';
require_once LIZENZPORTAL_DIR . 'includes/class-lizenzportal-token-ledger.php';
require_once LIZENZPORTAL_DIR . 'includes/class-lizenzportal-settings.php';
require_once LIZENZPORTAL_DIR . 'includes/class-lizenzportal-plugin.php';

register_activation_hook( __FILE__, array( 'Lizenzportal_Database_Token_Ledger', 'install' ) );

// Works with WooCommerce's order tables (HPOS) and its block cart and checkout.
add_action(
	'before_woocommerce_init',
	static function () {
		if ( class_exists( \Automattic\WooCommerce\Utilities\FeaturesUtil::class ) ) {
			\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'custom_order_tables', __FILE__, true );
			\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'cart_checkout_blocks', __FILE__, true );
		}
	}
);

add_action(
	'plugins_loaded',
	static function () {
		if ( ! class_exists( 'WooCommerce' ) ) {
			return;
		}
		$settings = new Lizenzportal_Settings();
		$settings->register();
		( new Lizenzportal_Plugin( $settings, new Lizenzportal_Database_Token_Ledger() ) )->register();
	}
);
