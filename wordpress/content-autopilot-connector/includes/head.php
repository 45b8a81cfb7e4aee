<?php
/**
 * The page head when no SEO plugin is active: document title, meta description, canonical URL
 * (through WordPress core's rel_canonical), Open Graph and Twitter tags. Each printed once, only
 * on a singular page whose post has at least one of our values. With an SEO plugin active it
 * renders these from the fields sync.php copied, and nothing here prints.
 *
 * @package ContentAutopilotConnector
 */

defined( 'ABSPATH' ) || exit;

/**
 * The post of the page being rendered when it is singular and has at least one of our values.
 *
 * @return WP_Post|null
 */
function content_autopilot_current_post() {
	if ( ! is_singular() ) {
		return null;
	}
	$post = get_queried_object();
	if ( ! $post instanceof WP_Post ) {
		return null;
	}
	foreach ( array_keys( content_autopilot_meta_keys() ) as $key ) {
		if ( '' !== content_autopilot_get_meta( $post->ID, $key ) ) {
			return $post;
		}
	}
	return null;
}

/**
 * Whether we print the head tags ourselves: only when no SEO plugin is active.
 *
 * @return bool
 */
function content_autopilot_prints_head_tags() {
	return null === content_autopilot_seo_plugin_slug();
}

/**
 * The document title (<title>). wp_get_document_title() returns a non-empty
 * pre_get_document_title value as it is, unescaped, so it is escaped here.
 *
 * @param string $title The title so far ('' lets WordPress build it).
 * @return string
 */
function content_autopilot_document_title( $title ) {
	if ( ! content_autopilot_prints_head_tags() ) {
		return $title;
	}
	$post = content_autopilot_current_post();
	if ( null === $post ) {
		return $title;
	}
	$seo_title = content_autopilot_get_meta( $post->ID, '_content_autopilot_seo_title' );
	return '' === $seo_title ? $title : esc_html( $seo_title );
}
add_filter( 'pre_get_document_title', 'content_autopilot_document_title', 20 );

/**
 * The canonical URL of a post: ours when set. WordPress core's rel_canonical() prints it, so
 * there is exactly one <link rel="canonical">.
 *
 * @param string|false $canonical_url The canonical URL so far.
 * @param WP_Post      $post          The post.
 * @return string|false
 */
function content_autopilot_canonical_url( $canonical_url, $post ) {
	if ( ! $post instanceof WP_Post || ! content_autopilot_prints_head_tags() ) {
		return $canonical_url;
	}
	$ours = content_autopilot_get_meta( $post->ID, '_content_autopilot_canonical' );
	return '' === $ours ? $canonical_url : $ours;
}
add_filter( 'get_canonical_url', 'content_autopilot_canonical_url', 20, 2 );

/**
 * Prints the meta description, Open Graph and Twitter tags.
 */
function content_autopilot_print_head_tags() {
	if ( ! content_autopilot_prints_head_tags() ) {
		return;
	}
	$post = content_autopilot_current_post();
	if ( null === $post ) {
		return;
	}
	$seo_title   = content_autopilot_get_meta( $post->ID, '_content_autopilot_seo_title' );
	$description = content_autopilot_get_meta( $post->ID, '_content_autopilot_seo_desc' );
	$title       = '' !== $seo_title ? $seo_title : wp_strip_all_tags( get_the_title( $post ) );
	$url         = wp_get_canonical_url( $post );
	$image       = has_post_thumbnail( $post ) ? wp_get_attachment_image_url( get_post_thumbnail_id( $post ), 'full' ) : '';
	$site_name   = wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES );

	if ( '' !== $description ) {
		echo '<meta name="description" content="' . esc_attr( $description ) . '" />' . "\n";
	}

	$properties = array(
		'og:type'  => 'article',
		'og:title' => $title,
	);
	if ( '' !== $description ) {
		$properties['og:description'] = $description;
	}
	if ( is_string( $url ) && '' !== $url ) {
		$properties['og:url'] = $url;
	}
	if ( '' !== $site_name ) {
		$properties['og:site_name'] = $site_name;
	}
	if ( is_string( $image ) && '' !== $image ) {
		$properties['og:image'] = $image;
	}
	$properties['article:published_time'] = get_the_date( 'c', $post );
	$properties['article:modified_time']  = get_the_modified_date( 'c', $post );
	foreach ( $properties as $property => $content ) {
		if ( ! is_string( $content ) || '' === $content ) {
			continue;
		}
		$escaped = in_array( $property, array( 'og:url', 'og:image' ), true ) ? esc_url( $content ) : esc_attr( $content );
		echo '<meta property="' . esc_attr( $property ) . '" content="' . $escaped . '" />' . "\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped just above.
	}

	$twitter = array(
		'twitter:card'  => is_string( $image ) && '' !== $image ? 'summary_large_image' : 'summary',
		'twitter:title' => $title,
	);
	if ( '' !== $description ) {
		$twitter['twitter:description'] = $description;
	}
	if ( is_string( $image ) && '' !== $image ) {
		$twitter['twitter:image'] = $image;
	}
	foreach ( $twitter as $name => $content ) {
		$escaped = 'twitter:image' === $name ? esc_url( $content ) : esc_attr( $content );
		echo '<meta name="' . esc_attr( $name ) . '" content="' . $escaped . '" />' . "\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped just above.
	}
}
add_action( 'wp_head', 'content_autopilot_print_head_tags', 5 );
