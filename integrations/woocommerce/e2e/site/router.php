<?php
/**
 * `php -S`'s router for the test shop: files as they are, every other path to WordPress's
 * index.php, as Apache's rewrite rules do for pretty permalinks (`/warenkorb/`, `/wp-json/…`).
 */
$lizenzportal_path = urldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
$lizenzportal_file = __DIR__ . $lizenzportal_path;
if ( '/' !== $lizenzportal_path && is_file( $lizenzportal_file ) ) {
	return false;
}
if ( is_dir( $lizenzportal_file ) && is_file( rtrim( $lizenzportal_file, '/' ) . '/index.php' ) ) {
	// `/wp-admin/` and the like: their own index.php.
	$_SERVER['SCRIPT_NAME'] = rtrim( $lizenzportal_path, '/' ) . '/index.php';
	chdir( rtrim( $lizenzportal_file, '/' ) );
	require rtrim( $lizenzportal_file, '/' ) . '/index.php';
	return true;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
require __DIR__ . '/index.php';
