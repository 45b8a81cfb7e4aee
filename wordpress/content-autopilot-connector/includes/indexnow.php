<?php
/**
 * IndexNow: Content Autopilot announces each new or changed post to the search engines that share
 * IndexNow (Bing, Yandex, Naver, Seznam, Yep; not Google). The engines check that the site owns
 * the key by reading /{key}.txt at the site's address, so the plugin keeps the key Content
 * Autopilot hands it (POST /wp-json/content-autopilot/v1/indexnow-key) and serves that one file.
 *
 * @package ContentAutopilotConnector
 */

defined( 'ABSPATH' ) || exit;

define( 'CONTENT_AUTOPILOT_INDEXNOW_KEY_OPTION', 'content_autopilot_indexnow_key' );

/**
 * Whether a value is an IndexNow key: 8 to 128 of a-z, A-Z, 0-9 and "-". Only such a value is
 * stored or served, so the file can never carry anything else.
 *
 * @param mixed $key The value.
 * @return bool
 */
function content_autopilot_is_indexnow_key( $key ) {
	return is_string( $key ) && 1 === preg_match( '/^[a-zA-Z0-9-]{8,128}$/', $key );
}

/**
 * Registers the key route.
 */
function content_autopilot_register_indexnow_route() {
	register_rest_route(
		'content-autopilot/v1',
		'/indexnow-key',
		array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => 'content_autopilot_rest_set_indexnow_key',
			'permission_callback' => 'content_autopilot_rest_indexnow_key_permission',
			'args'                => array(
				'key' => array(
					'type'              => 'string',
					'required'          => true,
					'validate_callback' => 'content_autopilot_validate_indexnow_key',
				),
			),
		)
	);
}
add_action( 'rest_api_init', 'content_autopilot_register_indexnow_route' );

/**
 * The key decides which file the site serves at its root, so only users who can publish posts
 * may set it (authors and up: the user Content Autopilot publishes as), not contributors.
 *
 * @return bool
 */
function content_autopilot_rest_indexnow_key_permission() {
	return current_user_can( 'publish_posts' );
}

/**
 * The route's check of the key parameter.
 *
 * @param mixed $key The value sent.
 * @return true|WP_Error
 */
function content_autopilot_validate_indexnow_key( $key ) {
	if ( content_autopilot_is_indexnow_key( $key ) ) {
		return true;
	}
	return new WP_Error( 'rest_invalid_param', __( 'The key must be 8 to 128 letters, digits or hyphens.', 'content-autopilot-connector' ), array( 'status' => 400 ) );
}

/**
 * Stores the key (replacing the one before: one key per site).
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response
 */
function content_autopilot_rest_set_indexnow_key( $request ) {
	$key = (string) $request->get_param( 'key' );
	update_option( CONTENT_AUTOPILOT_INDEXNOW_KEY_OPTION, $key, false );
	return rest_ensure_response( array( 'key' => $key ) );
}

/**
 * Answers GET (and HEAD) /{key}.txt under the site's home path with the key as plain text, and
 * nothing else: any other path, or no key stored, goes on to WordPress as before. Hooked on init,
 * before WordPress parses the request, so the theme's 404 page never answers it.
 */
function content_autopilot_serve_indexnow_key() {
	$key = get_option( CONTENT_AUTOPILOT_INDEXNOW_KEY_OPTION, '' );
	if ( ! content_autopilot_is_indexnow_key( $key ) || ! isset( $_SERVER['REQUEST_URI'], $_SERVER['REQUEST_METHOD'] ) ) {
		return;
	}
	if ( ! in_array( $_SERVER['REQUEST_METHOD'], array( 'GET', 'HEAD' ), true ) ) {
		return;
	}
	// The URI is only compared with a path built from the key; it is never printed or stored.
	$path      = wp_parse_url( wp_unslash( $_SERVER['REQUEST_URI'] ), PHP_URL_PATH ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
	$home_path = wp_parse_url( home_url( '/' ), PHP_URL_PATH );
	$home_path = is_string( $home_path ) ? trailingslashit( $home_path ) : '/';
	if ( $path !== $home_path . $key . '.txt' ) {
		return;
	}
	status_header( 200 );
	header( 'Content-Type: text/plain; charset=utf-8' );
	header( 'X-Robots-Tag: noindex' );
	echo esc_html( $key );
	exit;
}
add_action( 'init', 'content_autopilot_serve_indexnow_key', 0 );
