<?php
/**
 * Runs when the plugin is deleted (Plugins → Delete), not when it is deactivated: removes the
 * plugin's own post meta, under this version's keys and those of 1.0, and its options. Nothing
 * else is touched: what it copied into an SEO plugin's fields is that plugin's data now, and
 * stays.
 *
 * @package ContentAutopilotConnector
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/meta.php';
require_once __DIR__ . '/includes/upgrade.php';

// Where the plugin is still loaded in this process (WP-CLI's `plugin uninstall --deactivate`), its
// sync would take each deletion for an emptied value and delete the SEO plugin's field as well.
remove_action( 'deleted_post_meta', 'content_autopilot_sync_meta_change', 10 );

// The site-health keys (includes/site-health.php) are named here: that file hooks the front end.
$content_autopilot_health_keys = array( '_content_autopilot_redirect', '_content_autopilot_robots' );
foreach ( array_merge( array_keys( content_autopilot_meta_keys() ), array_keys( content_autopilot_legacy_meta_keys() ), $content_autopilot_health_keys ) as $content_autopilot_key ) {
	delete_post_meta_by_key( $content_autopilot_key );
}
delete_option( CONTENT_AUTOPILOT_CONNECTOR_VERSION_OPTION );
delete_option( 'content_autopilot_indexnow_key' );
