<?php
/**
 * Plugin Name: Rank Math stand-in (tests only)
 * Description: For Content Autopilot's end-to-end tests only. Defines RANK_MATH_VERSION, so the Content Autopilot Connector takes Rank Math to be active, and exposes rank_math_title and rank_math_description in the REST API (context=edit) so a test can read what the connector wrote. Prints nothing.
 * Version:     99.0-stand-in
 * License:     GPL-2.0-or-later
 *
 * @package ContentAutopilotTests
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'RANK_MATH_VERSION' ) ) {
	define( 'RANK_MATH_VERSION', '99.0-stand-in' );
}

add_action(
	'init',
	function () {
		// Registered here only because this plugin stands in for their owner, Rank Math.
		foreach ( array( 'rank_math_title', 'rank_math_description' ) as $key ) {
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
