<?php
/**
 * Site health (1.3.0): a page Content Autopilot merged into another redirects there with a 301,
 * and a page it took out of the index carries a robots noindex. Both are post meta written and
 * cleared through the REST API ("meta" of POST /wp-json/wp/v2/posts/{id}), so each is undone by
 * writing '' again.
 *
 * @package ContentAutopilotConnector
 */

defined( 'ABSPATH' ) || exit;

/**
 * Our site-health meta keys and the longest value each may hold.
 *
 * @return array<string, int>
 */
function content_autopilot_health_meta_keys() {
	return array(
		'_content_autopilot_redirect' => 2048,
		'_content_autopilot_robots'   => 20,
	);
}

/**
 * Registers the keys for every post type that gets our meta (meta.php), late on init like it.
 */
function content_autopilot_register_health_meta() {
	$descriptions = array(
		'_content_autopilot_redirect' => 'Where the post redirects (301): a URL of this site, or empty.',
		'_content_autopilot_robots'   => 'Robots directive for the post: "noindex" or empty.',
	);
	foreach ( content_autopilot_post_types() as $post_type ) {
		foreach ( content_autopilot_health_meta_keys() as $key => $max_length ) {
			register_post_meta(
				$post_type,
				$key,
				array(
					'type'              => 'string',
					'description'       => $descriptions[ $key ],
					'single'            => true,
					'default'           => '',
					'show_in_rest'      => array(
						'schema' => array(
							'type'      => 'string',
							'maxLength' => $max_length,
						),
					),
					// A redirect sends every visitor elsewhere: like the canonical, editors and administrators only.
					'auth_callback'     => '_content_autopilot_redirect' === $key ? 'content_autopilot_canonical_auth' : 'content_autopilot_meta_auth',
					'sanitize_callback' => '_content_autopilot_redirect' === $key ? 'content_autopilot_sanitize_redirect' : 'content_autopilot_sanitize_robots',
				)
			);
		}
	}
}
add_action( 'init', 'content_autopilot_register_health_meta', 99 );

/**
 * Sanitizes the redirect: an absolute http(s) URL on this site's own host, else ''. A redirect
 * to another site would make the post an open redirect.
 *
 * @param mixed $value The value to store.
 * @return string
 */
function content_autopilot_sanitize_redirect( $value ) {
	$url = content_autopilot_sanitize_canonical( $value );
	if ( '' === $url ) {
		return '';
	}
	$host = wp_parse_url( $url, PHP_URL_HOST );
	$home = wp_parse_url( home_url(), PHP_URL_HOST );
	return is_string( $host ) && is_string( $home ) && strtolower( $host ) === strtolower( $home ) ? $url : '';
}

/**
 * Sanitizes the robots directive: "noindex" or ''.
 *
 * @param mixed $value The value to store.
 * @return string
 */
function content_autopilot_sanitize_robots( $value ) {
	return is_string( $value ) && 'noindex' === strtolower( trim( $value ) ) ? 'noindex' : '';
}

/**
 * The singular post being shown, when it has the given site-health value.
 *
 * @param string $key One of our site-health keys.
 * @return array{0: WP_Post, 1: string}|null
 */
function content_autopilot_health_value( $key ) {
	if ( ! is_singular() ) {
		return null;
	}
	$post = get_queried_object();
	if ( ! $post instanceof WP_Post ) {
		return null;
	}
	$value = content_autopilot_get_meta( $post->ID, $key );
	return '' === $value ? null : array( $post, $value );
}

/**
 * Redirects a merged post to the page it was merged into (301). Previews are left alone so an
 * editor can still read the post; a target that is the post itself or off the site is ignored.
 */
function content_autopilot_redirect_merged() {
	if ( is_preview() ) {
		return;
	}
	$found = content_autopilot_health_value( '_content_autopilot_redirect' );
	if ( null === $found ) {
		return;
	}
	list( $post, $target ) = $found;
	$target = wp_validate_redirect( $target, '' );
	if ( '' === $target || untrailingslashit( $target ) === untrailingslashit( (string) get_permalink( $post ) ) ) {
		return;
	}
	wp_safe_redirect( $target, 301, 'Content Autopilot' );
	exit;
}
add_action( 'template_redirect', 'content_autopilot_redirect_merged', 1 );

/**
 * Adds noindex (and follow) to WordPress core's robots meta (5.7+).
 *
 * @param array $robots The directives so far.
 * @return array
 */
function content_autopilot_robots_noindex( $robots ) {
	if ( null !== content_autopilot_health_value( '_content_autopilot_robots' ) ) {
		$robots['noindex'] = true;
		unset( $robots['index'] );
		// Links are still followed, unless the owner asked otherwise (Settings → Reading).
		if ( empty( $robots['nofollow'] ) ) {
			$robots['follow'] = true;
		}
	}
	return $robots;
}
add_filter( 'wp_robots', 'content_autopilot_robots_noindex', 20 );

/**
 * Before WordPress 5.7 (no wp_robots) the tag is printed here.
 */
function content_autopilot_print_noindex() {
	if ( function_exists( 'wp_robots' ) || null === content_autopilot_health_value( '_content_autopilot_robots' ) ) {
		return;
	}
	echo '<meta name="robots" content="noindex, follow" />' . "\n";
}
add_action( 'wp_head', 'content_autopilot_print_noindex', 1 );

/**
 * Yoast SEO prints its own robots tag: it gets noindex too.
 *
 * @param string $robots Yoast's directives.
 * @return string
 */
function content_autopilot_yoast_noindex( $robots ) {
	return null === content_autopilot_health_value( '_content_autopilot_robots' ) ? $robots : 'noindex, follow';
}
add_filter( 'wpseo_robots', 'content_autopilot_yoast_noindex', 20 );

/**
 * Rank Math prints its own robots tag: it gets noindex too.
 *
 * @param array $robots Rank Math's directives.
 * @return array
 */
function content_autopilot_rank_math_noindex( $robots ) {
	if ( is_array( $robots ) && null !== content_autopilot_health_value( '_content_autopilot_robots' ) ) {
		$robots['index'] = 'noindex';
	}
	return $robots;
}
add_filter( 'rank_math/frontend/robots', 'content_autopilot_rank_math_noindex', 20 );
