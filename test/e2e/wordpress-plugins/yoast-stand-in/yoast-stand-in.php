<?php
/**
 * Plugin Name: Yoast SEO stand-in (tests only)
 * Description: For Content Autopilot's end-to-end tests only. Defines WPSEO_VERSION, so the Content Autopilot Connector takes Yoast SEO to be active, and exposes _yoast_wpseo_title and _yoast_wpseo_metadesc in the REST API (context=edit) so a test can read what the connector wrote. Prints nothing.
 * Version:     99.0-stand-in
 * License:     GPL-2.0-or-later
 *
 * @package ContentAutopilotTests
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'WPSEO_VERSION' ) ) {
	define( 'WPSEO_VERSION', '99.0-stand-in' );
}

add_action(
	'init',
	function () {
		// Registered here only because this plugin stands in for their owner, Yoast SEO.
		foreach ( array( '_yoast_wpseo_title', '_yoast_wpseo_metadesc' ) as $key ) {
			register_post_meta(
				'post',
				$key,
				array(
					'type'          => 'string',
					'single'        => true,
					'show_in_rest'  => true,
					'auth_callback' => function ( $allowed, $meta_key, $post_id ) {
						return current_user_can( 'edit_post', (int) $post_id );
					},
				)
			);
		}
	}
);
