<?php
/**
 * GET /wp-json/content-autopilot/v1/status: what Content Autopilot needs to know about this site.
 *
 * @package ContentAutopilotConnector
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers the status route.
 */
function content_autopilot_register_rest_routes() {
	register_rest_route(
		'content-autopilot/v1',
		'/status',
		array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => 'content_autopilot_rest_status',
			'permission_callback' => 'content_autopilot_rest_status_permission',
		)
	);
}
add_action( 'rest_api_init', 'content_autopilot_register_rest_routes' );

/**
 * Only users who can edit posts may read the status (others get WordPress's rest_forbidden:
 * 401 when not logged in, 403 otherwise).
 *
 * @return bool
 */
function content_autopilot_rest_status_permission() {
	return current_user_can( 'edit_posts' );
}

/**
 * The status: connector version, active SEO plugin and its version, WordPress version, our meta keys.
 *
 * @return WP_REST_Response
 */
function content_autopilot_rest_status() {
	$seo = content_autopilot_seo_plugin();
	return rest_ensure_response(
		array(
			'connector'        => CONTENT_AUTOPILOT_CONNECTOR_VERSION,
			'seoPlugin'        => $seo['slug'],
			'seoPluginVersion' => $seo['version'],
			'wordpress'        => (string) get_bloginfo( 'version' ),
			'metaKeys'         => array_merge( array_keys( content_autopilot_meta_keys() ), array_keys( content_autopilot_health_meta_keys() ) ),
		)
	);
}
