<?php
/**
 * Plugin Name: Meta probe (tests only)
 * Description: For Content Autopilot's end-to-end tests only. Shows a post's meta rows as they are in the database, registered or not, and writes rows as another plugin or an earlier connector version would have; reads and sets the connector's options. Administrators only. Prints nothing.
 * Version:     1.0-tests
 * License:     GPL-2.0-or-later
 *
 * @package ContentAutopilotTests
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'rest_api_init',
	function () {
		$admin_only = function () {
			return current_user_can( 'manage_options' );
		};
		// Every row of every key: a key with two rows shows two values.
		register_rest_route(
			'meta-probe/v1',
			'/posts/(?P<id>\d+)/meta',
			array(
				array(
					'methods'             => 'GET',
					'permission_callback' => $admin_only,
					'callback'            => function ( WP_REST_Request $request ) {
						return rest_ensure_response( (object) get_post_meta( (int) $request['id'] ) );
					},
				),
				// A JSON object of key => string (the row is set) or null (the rows are deleted).
				array(
					'methods'             => 'POST',
					'permission_callback' => $admin_only,
					'callback'            => function ( WP_REST_Request $request ) {
						$post_id = (int) $request['id'];
						foreach ( (array) $request->get_json_params() as $key => $value ) {
							if ( null === $value ) {
								delete_post_meta( $post_id, $key );
							} else {
								update_post_meta( $post_id, $key, wp_slash( (string) $value ) );
							}
						}
						return rest_ensure_response( (object) get_post_meta( $post_id ) );
					},
				),
			)
		);
		// The connector's options, and blog_public (the site-health test needs a site search engines
		// may index, or every page says noindex): {"value": …}, null when the option is not there.
		register_rest_route(
			'meta-probe/v1',
			'/options/(?P<name>content_autopilot_[a-z_]+|blog_public)',
			array(
				array(
					'methods'             => 'GET',
					'permission_callback' => $admin_only,
					'callback'            => function ( WP_REST_Request $request ) {
						return rest_ensure_response( array( 'value' => get_option( $request['name'], null ) ) );
					},
				),
				// {"value": "…"} sets it, {"value": null} deletes it.
				array(
					'methods'             => 'POST',
					'permission_callback' => $admin_only,
					'callback'            => function ( WP_REST_Request $request ) {
						$value = $request->get_param( 'value' );
						if ( null === $value ) {
							delete_option( $request['name'] );
						} else {
							update_option( $request['name'], (string) $value );
						}
						return rest_ensure_response( array( 'value' => get_option( $request['name'], null ) ) );
					},
				),
			)
		);
	}
);
