<?php
/**
 * Brings what an earlier version stored up to this version, once: the version whose data is in
 * place is kept in an option, and the steps between it and this version run on the first
 * request after an upgrade.
 *
 * 1.1.0 moved the meta keys from the short "_ca_" prefix, which another plugin may use too, to
 * "_content_autopilot_".
 *
 * @package ContentAutopilotConnector
 */

defined( 'ABSPATH' ) || exit;

define( 'CONTENT_AUTOPILOT_CONNECTOR_VERSION_OPTION', 'content_autopilot_connector_version' );

/**
 * The meta keys of version 1.0, each with the key that replaced it.
 *
 * @return array<string, string>
 */
function content_autopilot_legacy_meta_keys() {
	return array(
		'_ca_seo_title' => '_content_autopilot_seo_title',
		'_ca_seo_desc'  => '_content_autopilot_seo_desc',
		'_ca_canonical' => '_content_autopilot_canonical',
		'_ca_jsonld'    => '_content_autopilot_jsonld',
	);
}

/**
 * Runs the upgrade steps the stored data has not had yet, then records this version. A site
 * that ran 1.0 has no option: it counts as before 1.1.0.
 */
function content_autopilot_upgrade() {
	$stored = (string) get_option( CONTENT_AUTOPILOT_CONNECTOR_VERSION_OPTION, '0' );
	if ( version_compare( $stored, CONTENT_AUTOPILOT_CONNECTOR_VERSION, '>=' ) ) {
		return;
	}
	if ( version_compare( $stored, '1.1.0', '<' ) ) {
		content_autopilot_move_legacy_meta();
	}
	update_option( CONTENT_AUTOPILOT_CONNECTOR_VERSION_OPTION, CONTENT_AUTOPILOT_CONNECTOR_VERSION );
}
add_action( 'plugins_loaded', 'content_autopilot_upgrade' );

/**
 * Moves each 1.0 value to its new key. The rows are renamed in the database rather than written
 * through update_post_meta(), so the move does not copy the values into the SEO plugin again (a
 * field the owner changed there since stays as they left it). Where a post already has a value
 * under the new key, that newer value is kept and the old one deleted.
 */
function content_autopilot_move_legacy_meta() {
	global $wpdb;
	$moved = array();
	foreach ( content_autopilot_legacy_meta_keys() as $old_key => $new_key ) {
		// phpcs:disable WordPress.DB.DirectDatabaseQuery -- a one-time rename of our own rows; the post meta caches are cleared below.
		$post_ids = $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT post_id FROM {$wpdb->postmeta} WHERE meta_key = %s", $old_key ) );
		if ( empty( $post_ids ) ) {
			continue;
		}
		$wpdb->query(
			$wpdb->prepare(
				// MySQL reads the table it deletes from only through a derived table.
				"DELETE FROM {$wpdb->postmeta} WHERE meta_key = %s AND post_id IN (SELECT post_id FROM (SELECT post_id FROM {$wpdb->postmeta} WHERE meta_key = %s) AS newer)",
				$old_key,
				$new_key
			)
		);
		$wpdb->update( $wpdb->postmeta, array( 'meta_key' => $new_key ), array( 'meta_key' => $old_key ) );
		// phpcs:enable WordPress.DB.DirectDatabaseQuery
		$moved = array_merge( $moved, $post_ids );
	}
	foreach ( array_unique( $moved ) as $post_id ) {
		wp_cache_delete( (int) $post_id, 'post_meta' );
	}
	if ( array() !== $moved ) {
		wp_cache_set_posts_last_changed();
	}
}
