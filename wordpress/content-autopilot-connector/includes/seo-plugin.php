<?php
/**
 * Which SEO plugin is active on this request.
 *
 * The answer is worked out at run time, every time it is asked, from the constants and functions
 * those plugins define when they load: ask only after plugins_loaded (all the callers are hooked
 * to later actions and filters), never cache it across requests.
 *
 * @package ContentAutopilotConnector
 */

defined( 'ABSPATH' ) || exit;

/**
 * The active SEO plugin, first match wins: Yoast SEO, Rank Math, SEOPress, All in One SEO.
 *
 * @return array{slug: string|null, version: string|null} slug is "yoast", "rank-math",
 *         "seopress", "aioseo" or null; version is the plugin's version constant or null.
 */
function content_autopilot_seo_plugin() {
	$candidates = array(
		'yoast'     => 'WPSEO_VERSION',
		'rank-math' => 'RANK_MATH_VERSION',
		'seopress'  => 'SEOPRESS_VERSION',
		'aioseo'    => 'AIOSEO_VERSION',
	);
	foreach ( $candidates as $slug => $constant ) {
		if ( defined( $constant ) ) {
			return array(
				'slug'    => $slug,
				'version' => content_autopilot_version_string( constant( $constant ) ),
			);
		}
	}
	if ( function_exists( 'aioseo' ) ) {
		return array(
			'slug'    => 'aioseo',
			'version' => null,
		);
	}
	return array(
		'slug'    => null,
		'version' => null,
	);
}

/**
 * The slug of the active SEO plugin ("yoast", "rank-math", "seopress", "aioseo") or null.
 *
 * @return string|null
 */
function content_autopilot_seo_plugin_slug() {
	$plugin = content_autopilot_seo_plugin();
	return $plugin['slug'];
}

/**
 * A version constant's value as a string, or null when it is not a usable scalar.
 *
 * @param mixed $value The constant's value.
 * @return string|null
 */
function content_autopilot_version_string( $value ) {
	if ( is_string( $value ) || is_int( $value ) || is_float( $value ) ) {
		$value = trim( (string) $value );
		return '' === $value ? null : $value;
	}
	return null;
}
