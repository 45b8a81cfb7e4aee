<?php
/**
 * Structured data (JSON-LD) from _content_autopilot_jsonld: our whole graph, e.g.
 * {"@context":"https://schema.org","@graph":[{"@type":"BlogPosting",…},{"@type":"FAQPage",…}]}.
 *
 * - No SEO plugin, or SEOPress (its free version prints no Article schema): we print the graph.
 * - Yoast SEO, Rank Math, All in One SEO: their graph already has an Article node, so only our
 *   other nodes (in practice the FAQPage) are added into their graph; never a second graph.
 *
 * @package ContentAutopilotConnector
 */

defined( 'ABSPATH' ) || exit;

/**
 * The JSON-LD stored on the current post, decoded, or null.
 *
 * @param bool $associative Objects as arrays (true) or as stdClass (false).
 * @return array|object|null
 */
function content_autopilot_current_jsonld( $associative ) {
	$post = content_autopilot_current_post();
	if ( null === $post ) {
		return null;
	}
	$stored = content_autopilot_get_meta( $post->ID, '_content_autopilot_jsonld' );
	if ( '' === $stored ) {
		return null;
	}
	$decoded = json_decode( $stored, $associative );
	return is_array( $decoded ) || is_object( $decoded ) ? $decoded : null;
}

/**
 * Prints our JSON-LD script when no SEO plugin or SEOPress is active.
 *
 * JSON_HEX_TAG writes < and > as \u003C and \u003E, so no value can end the script element
 * (</script>) or open a comment (<!--); JSON_HEX_AMP does the same for &.
 */
function content_autopilot_print_jsonld() {
	$plugin = content_autopilot_seo_plugin_slug();
	if ( null !== $plugin && 'seopress' !== $plugin ) {
		return;
	}
	$data = content_autopilot_current_jsonld( false );
	if ( null === $data ) {
		return;
	}
	$json = wp_json_encode( $data, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_HEX_TAG | JSON_HEX_AMP );
	if ( ! is_string( $json ) || '' === $json ) {
		return;
	}
	echo '<script type="application/ld+json">' . $json . '</script>' . "\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON encoded with JSON_HEX_TAG.
}
add_action( 'wp_head', 'content_autopilot_print_jsonld', 20 );

/**
 * Our nodes for another plugin's graph: all but the Article ones (Article, BlogPosting,
 * NewsArticle), without "@context", as arrays, with markup that could end a script element
 * defused (those plugins encode their graph with JSON_UNESCAPED_SLASHES and without JSON_HEX_TAG).
 *
 * @return array[]
 */
function content_autopilot_extra_schema_nodes() {
	$data = content_autopilot_current_jsonld( true );
	if ( ! is_array( $data ) ) {
		return array();
	}
	if ( isset( $data['@graph'] ) && is_array( $data['@graph'] ) ) {
		$nodes = $data['@graph'];
	} elseif ( isset( $data['@type'] ) ) {
		$nodes = array( $data );
	} elseif ( array_values( $data ) === $data ) {
		$nodes = $data;
	} else {
		$nodes = array();
	}
	$extra = array();
	foreach ( $nodes as $node ) {
		if ( ! is_array( $node ) || ! isset( $node['@type'] ) || content_autopilot_is_article_node( $node ) ) {
			continue;
		}
		unset( $node['@context'] );
		$extra[] = content_autopilot_defuse_script_markup( $node );
	}
	return $extra;
}

/**
 * Whether a node is an Article (its @type, or one of its types, is Article, BlogPosting or NewsArticle).
 *
 * @param array $node The node.
 * @return bool
 */
function content_autopilot_is_article_node( $node ) {
	$types = is_array( $node['@type'] ) ? $node['@type'] : array( $node['@type'] );
	foreach ( $types as $type ) {
		if ( is_string( $type ) && in_array( preg_replace( '#^https?://schema\.org/#i', '', $type ), array( 'Article', 'BlogPosting', 'NewsArticle' ), true ) ) {
			return true;
		}
	}
	return false;
}

/**
 * Writes "<" as "&lt;" where it starts "<script", "</script" or "<!--", in every string (keys
 * too). Other markup is left alone (FAQ answers may hold HTML that search engines read as HTML).
 *
 * @param mixed $value A decoded JSON value.
 * @return mixed
 */
function content_autopilot_defuse_script_markup( $value ) {
	if ( is_string( $value ) ) {
		$defused = preg_replace( '#<(?=/?script|!--)#i', '&lt;', $value );
		return is_string( $defused ) ? $defused : '';
	}
	if ( is_array( $value ) ) {
		$clean = array();
		foreach ( $value as $key => $item ) {
			$clean[ is_string( $key ) ? content_autopilot_defuse_script_markup( $key ) : $key ] = content_autopilot_defuse_script_markup( $item );
		}
		return $clean;
	}
	return $value;
}

/**
 * Yoast SEO (wpseo_schema_graph): appends our nodes to Yoast's graph.
 *
 * @param mixed $graph Yoast's graph, a list of nodes.
 * @return mixed
 */
function content_autopilot_yoast_schema_graph( $graph ) {
	if ( 'yoast' !== content_autopilot_seo_plugin_slug() || ! is_array( $graph ) ) {
		return $graph;
	}
	foreach ( content_autopilot_extra_schema_nodes() as $node ) {
		$graph[] = $node;
	}
	return $graph;
}
add_filter( 'wpseo_schema_graph', 'content_autopilot_yoast_schema_graph', 20 );

/**
 * Rank Math (rank_math/json_ld): adds our nodes under keys of their own.
 *
 * @param mixed $data Rank Math's entities, keyed.
 * @return mixed
 */
function content_autopilot_rank_math_json_ld( $data ) {
	if ( 'rank-math' !== content_autopilot_seo_plugin_slug() || ! is_array( $data ) ) {
		return $data;
	}
	foreach ( content_autopilot_extra_schema_nodes() as $node ) {
		$type = is_string( $node['@type'] ) ? $node['@type'] : 'Node';
		$base = 'FAQPage' === $type ? 'ContentAutopilotFAQ' : 'ContentAutopilot' . preg_replace( '/[^A-Za-z0-9]/', '', $type );
		$key  = $base;
		for ( $n = 2; isset( $data[ $key ] ); $n++ ) {
			$key = $base . $n;
		}
		$data[ $key ] = $node;
	}
	return $data;
}
add_filter( 'rank_math/json_ld', 'content_autopilot_rank_math_json_ld', 99 );

/**
 * All in One SEO (aioseo_schema_output): appends our nodes to AIOSEO's graphs.
 *
 * @param mixed $graphs AIOSEO's graphs, a list of nodes.
 * @return mixed
 */
function content_autopilot_aioseo_schema_output( $graphs ) {
	if ( 'aioseo' !== content_autopilot_seo_plugin_slug() || ! is_array( $graphs ) ) {
		return $graphs;
	}
	foreach ( content_autopilot_extra_schema_nodes() as $node ) {
		$graphs[] = $node;
	}
	return $graphs;
}
add_filter( 'aioseo_schema_output', 'content_autopilot_aioseo_schema_output', 20 );
