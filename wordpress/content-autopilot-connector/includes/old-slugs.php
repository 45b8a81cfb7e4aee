<?php
/**
 * The slugs a post had before (WordPress keeps them as `_wp_old_slug` meta and redirects them):
 * a read-only REST field, `content_autopilot_old_slugs`, so Content Autopilot can tell a link to an
 * old address from a link to a missing page, and suggest the post's address now.
 *
 * @package ContentAutopilotConnector
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers the field on every post type that gets our meta.
 */
function content_autopilot_register_old_slugs_field() {
	register_rest_field(
		content_autopilot_post_types(),
		'content_autopilot_old_slugs',
		array(
			'get_callback' => 'content_autopilot_old_slugs_of',
			'schema'       => array(
				'description' => 'Former slugs of the post (_wp_old_slug), for users who can edit it.',
				'type'        => 'array',
				'items'       => array( 'type' => 'string' ),
				'context'     => array( 'view', 'edit' ),
				'readonly'    => true,
			),
		)
	);
}
add_action( 'rest_api_init', 'content_autopilot_register_old_slugs_field' );

/**
 * The post's former slugs, at most 50, for users who can edit the post; an empty list otherwise.
 *
 * @param array $post The post as the REST API prepared it.
 * @return string[]
 */
function content_autopilot_old_slugs_of( $post ) {
	$id = isset( $post['id'] ) ? (int) $post['id'] : 0;
	if ( $id <= 0 || ! current_user_can( 'edit_post', $id ) ) {
		return array();
	}
	$slugs = get_post_meta( $id, '_wp_old_slug', false );
	if ( ! is_array( $slugs ) ) {
		return array();
	}
	$clean = array();
	foreach ( $slugs as $slug ) {
		if ( is_string( $slug ) && '' !== $slug && strlen( $slug ) <= 200 ) {
			$clean[] = $slug;
		}
	}
	return array_slice( array_values( array_unique( $clean ) ), 0, 50 );
}
