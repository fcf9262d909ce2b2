<?php
/**
 * The plugin's settings (WooCommerce → Lizenzportal): the portal's address, its public keys, the
 * product id of each SKU, whether the portal's products need its cart token, and „Verbindung prüfen”.
 *
 * @package Lizenzportal
 */

defined( 'ABSPATH' ) || exit;

final class Lizenzportal_Settings {
	const OPTION = 'lizenzportal_settings';

	const PAGE = 'lizenzportal';

	const CHECK_ACTION = 'lizenzportal_check_connection';

	const SKU_LABELS = array(
		'M9-PRO'  => 'Pro-Lizenz Version 9 (M9-PRO)',
		'M9-PER'  => 'Persönliche Lizenz Version 9 (M9-PER)',
		'M9-PROU' => 'Update auf Pro-Lizenz Version 9 (M9-PROU)',
		'M9-PERU' => 'Update auf Persönliche Lizenz Version 9 (M9-PERU)',
		'M9-DVD'  => 'DVD (M9-DVD)',
	);

	/** The settings as stored, with defaults. */
	public function all(): array {
		$stored = get_option( self::OPTION, array() );
		return wp_parse_args(
			is_array( $stored ) ? $stored : array(),
			array(
				'portal_url'    => '',
				'public_keys'   => '',
				'product_ids'   => array_fill_keys( array_keys( self::SKU_LABELS ), 0 ),
				'require_token' => true,
			)
		);
	}

	/** The portal's address without a trailing slash (`https://lizenzen.example`), '' if none. */
	public function portal_url(): string {
		return untrailingslashit( (string) $this->all()['portal_url'] );
	}

	/** @return string[] The public keys, one per line. */
	public function public_keys(): array {
		return array_values( array_filter( array_map( 'trim', preg_split( '/[\r\n,]+/', (string) $this->all()['public_keys'] ) ) ) );
	}

	/** @return array<string,int> This shop's product id per SKU (0: none). */
	public function product_ids(): array {
		$ids = $this->all()['product_ids'];
		$out = array();
		foreach ( array_keys( self::SKU_LABELS ) as $sku ) {
			$out[ $sku ] = absint( $ids[ $sku ] ?? 0 );
		}
		return $out;
	}

	/**
	 * „Nur mit Warenkorb-Token des Portals” (on unless the vendor turned it off): the portal's
	 * products reach a cart only from a cart token. Off, the shop sells them as before the plugin,
	 * at its own prices (say while the portal is not yet connected); the assistant's carts still
	 * come with the portal's prices and locked quantities.
	 */
	public function require_token(): bool {
		return (bool) $this->all()['require_token'];
	}

	public function register(): void {
		add_action( 'admin_menu', array( $this, 'menu' ) );
		add_action( 'admin_init', array( $this, 'register_setting' ) );
		add_action( 'admin_post_' . self::CHECK_ACTION, array( $this, 'check_connection' ) );
	}

	public function menu(): void {
		add_submenu_page( 'woocommerce', 'Lizenzportal', 'Lizenzportal', 'manage_woocommerce', self::PAGE, array( $this, 'render' ) );
	}

	public function register_setting(): void {
		register_setting( self::PAGE, self::OPTION, array( 'sanitize_callback' => array( $this, 'sanitize' ) ) );
	}

	/** What the form sends, checked: an http(s) address, base64 keys of 32 bytes, whole ids. */
	public function sanitize( $input ): array {
		$input = is_array( $input ) ? $input : array();
		$url   = esc_url_raw( trim( (string) ( $input['portal_url'] ?? '' ) ), array( 'http', 'https' ) );
		if ( '' !== trim( (string) ( $input['portal_url'] ?? '' ) ) && '' === $url ) {
			add_settings_error( self::OPTION, 'portal_url', 'Die Adresse des Lizenzportals ist keine http(s)-Adresse.' );
		}
		$keys = array();
		foreach ( preg_split( '/[\r\n,]+/', (string) ( $input['public_keys'] ?? '' ) ) as $key ) {
			$key = trim( $key );
			if ( '' === $key ) {
				continue;
			}
			$raw = base64_decode( $key, true );
			if ( false === $raw || strlen( $raw ) !== SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES ) {
				add_settings_error( self::OPTION, 'public_keys', sprintf( '„%s” ist kein öffentlicher Schlüssel des Lizenzportals (Base64, 32 Bytes).', esc_html( $key ) ) );
				continue;
			}
			$keys[] = $key;
		}
		$ids = array();
		foreach ( array_keys( self::SKU_LABELS ) as $sku ) {
			$ids[ $sku ] = absint( $input['product_ids'][ $sku ] ?? 0 );
		}
		return array(
			'portal_url'    => untrailingslashit( $url ),
			'public_keys'   => implode( "\n", $keys ),
			'product_ids'   => $ids,
			'require_token' => ! empty( $input['require_token'] ),
		);
	}

	public function render(): void {
		if ( ! current_user_can( 'manage_woocommerce' ) ) {
			return;
		}
		$settings = $this->all();
		$result   = get_transient( self::CHECK_ACTION . '_' . get_current_user_id() );
		delete_transient( self::CHECK_ACTION . '_' . get_current_user_id() );
		?>
		<div class="wrap">
			<h1>Lizenzportal</h1>
			<?php if ( is_array( $result ) ) : ?>
				<div class="notice notice-<?php echo esc_attr( $result['ok'] ? 'success' : 'error' ); ?>" role="status"><p><?php echo esc_html( $result['message'] ); ?></p></div>
			<?php endif; ?>
			<?php settings_errors( self::OPTION ); ?>
			<form method="post" action="options.php">
				<?php settings_fields( self::PAGE ); ?>
				<table class="form-table" role="presentation">
					<tr>
						<th scope="row"><label for="lizenzportal-portal-url">Adresse des Lizenzportals</label></th>
						<td><input type="url" class="regular-text" id="lizenzportal-portal-url" name="<?php echo esc_attr( self::OPTION ); ?>[portal_url]" value="<?php echo esc_attr( $settings['portal_url'] ); ?>" placeholder="https://lizenzen.example" />
						<p class="description">Der Lizenz-Assistent wird von dort eingebettet (<code>/m9-assistent</code>); im Portal muss <code>SHOP_ORIGIN</code> die Adresse dieses Shops sein.</p></td>
					</tr>
					<tr>
						<th scope="row"><label for="lizenzportal-public-keys">Öffentlicher Schlüssel des Portals</label></th>
						<td><textarea class="large-text code" rows="3" id="lizenzportal-public-keys" name="<?php echo esc_attr( self::OPTION ); ?>[public_keys]"><?php echo esc_textarea( $settings['public_keys'] ); ?></textarea>
						<p class="description">Ausgabe von <code>npm run shop:cart-key</code> im Portal oder <code>/api/v1/shop/cart-keys</code>; beim Schlüsselwechsel beide, je eine Zeile.</p></td>
					</tr>
					<?php foreach ( self::SKU_LABELS as $sku => $label ) : ?>
						<tr>
							<th scope="row"><label for="lizenzportal-product-<?php echo esc_attr( $sku ); ?>"><?php echo esc_html( $label ); ?></label></th>
							<td><input type="number" min="0" step="1" class="small-text" id="lizenzportal-product-<?php echo esc_attr( $sku ); ?>" name="<?php echo esc_attr( self::OPTION ); ?>[product_ids][<?php echo esc_attr( $sku ); ?>]" value="<?php echo esc_attr( (string) ( $settings['product_ids'][ $sku ] ?? 0 ) ); ?>" />
							<span class="description">Produkt-ID im Shop (wie <code>SHOP_PRODUCT_IDS</code> im Portal)</span></td>
						</tr>
					<?php endforeach; ?>
					<tr>
						<th scope="row">Warenkorb-Token</th>
						<td><label for="lizenzportal-require-token"><input type="checkbox" id="lizenzportal-require-token" name="<?php echo esc_attr( self::OPTION ); ?>[require_token]" value="1" <?php checked( (bool) $settings['require_token'] ); ?> /> Nur mit Warenkorb-Token des Portals</label>
						<p class="description">Die fünf Produkte kommen nur über den Lizenz-Assistenten in den Warenkorb, zu den Preisen, die das Portal signiert hat. Ausgeschaltet lassen sie sich wie andere Produkte zu den Preisen des Shops kaufen.</p></td>
					</tr>
				</table>
				<?php submit_button( 'Einstellungen speichern' ); ?>
			</form>
			<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
				<input type="hidden" name="action" value="<?php echo esc_attr( self::CHECK_ACTION ); ?>" />
				<?php wp_nonce_field( self::CHECK_ACTION ); ?>
				<?php submit_button( 'Verbindung prüfen', 'secondary' ); ?>
			</form>
		</div>
		<?php
	}

	/** „Verbindung prüfen”: the portal answers, and publishes the key entered here. */
	public function check_connection(): void {
		if ( ! current_user_can( 'manage_woocommerce' ) ) {
			wp_die( 'Dafür fehlt Ihnen die Berechtigung.', 403 );
		}
		check_admin_referer( self::CHECK_ACTION );
		set_transient( self::CHECK_ACTION . '_' . get_current_user_id(), $this->connection_result(), 60 );
		wp_safe_redirect( admin_url( 'admin.php?page=' . self::PAGE ) );
		exit;
	}

	private function connection_result(): array {
		$portal = $this->portal_url();
		if ( '' === $portal ) {
			return array( 'ok' => false, 'message' => 'Bitte zuerst die Adresse des Lizenzportals eintragen und speichern.' );
		}
		$response = wp_remote_get( $portal . '/api/v1/shop/cart-keys', array( 'timeout' => 10 ) );
		if ( is_wp_error( $response ) ) {
			return array( 'ok' => false, 'message' => sprintf( 'Das Lizenzportal unter %1$s ist nicht erreichbar: %2$s', $portal, $response->get_error_message() ) );
		}
		$status = wp_remote_retrieve_response_code( $response );
		$body   = json_decode( wp_remote_retrieve_body( $response ), true );
		$keys   = is_array( $body['data']['keys'] ?? null ) ? array_column( $body['data']['keys'], 'publicKey' ) : null;
		if ( 200 !== $status || null === $keys ) {
			return array( 'ok' => false, 'message' => sprintf( 'Unter %1$s antwortet kein Lizenzportal (HTTP %2$d).', $portal, $status ) );
		}
		$known = array_intersect( $this->public_keys(), $keys );
		if ( ! $known ) {
			return array( 'ok' => false, 'message' => sprintf( 'Das Lizenzportal ist erreichbar, aber der eingetragene öffentliche Schlüssel ist nicht seiner. Sein aktueller Schlüssel: %s', $keys[0] ?? '–' ) );
		}
		$missing = array_keys( array_filter( $this->product_ids(), static function ( $id ) {
			return $id < 1 || ! wc_get_product( $id );
		} ) );
		if ( $missing ) {
			return array( 'ok' => false, 'message' => sprintf( 'Verbindung hergestellt, aber diesen Produkten fehlt ein Shop-Produkt: %s', implode( ', ', $missing ) ) );
		}
		return array( 'ok' => true, 'message' => 'Verbindung hergestellt: Das Lizenzportal ist erreichbar, der Schlüssel stimmt und alle fünf Produkte sind zugeordnet.' );
	}
}
