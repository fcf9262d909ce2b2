<?php
/**
 * The test shop's differences from a shop on the internet (only in the temporary site of
 * `npm run shop:e2e`): the portal listens on the loopback on a free port, both of which
 * WordPress's safe HTTP requests (the webhook's) refuse, and webhooks are delivered within the request that changed the order instead of by the
 * next cron run, so the script sees the portal's answer at once.
 */
add_filter(
	'http_request_host_is_external',
	static function ( $external, $host ) {
		return $external || '127.0.0.1' === $host;
	},
	10,
	2
);
add_filter(
	'http_allowed_safe_ports',
	static function ( $ports, $host, $url ) {
		if ( '127.0.0.1' === $host ) {
			$ports[] = (int) wp_parse_url( $url, PHP_URL_PORT );
		}
		return $ports;
	},
	10,
	3
);
add_filter( 'woocommerce_webhook_deliver_async', '__return_false' );
