<?php
/**
 * Our post meta: the SEO title, meta description, canonical URL and JSON-LD that Content
 * Autopilot writes through the REST API ("meta" of POST /wp-json/wp/v2/posts/{id}).
 *
 * Sanitized when stored (sanitize_callback), escaped when printed (head.php, schema.php).
 *
 * @package ContentAutopilotConnector
 */

defined( 'ABSPATH' ) || exit;

/**
 * Our meta keys and the longest value (in characters) each may hold.
 *
 * @return array<string, int>
 */
function content_autopilot_meta_keys() {
	return array(
		'_content_autopilot_seo_title' => 300,
		'_content_autopilot_seo_desc'  => 1000,
		'_content_autopilot_canonical' => 2048,
		'_content_autopilot_jsonld'    => 65535,
	);
}

/**
 * The post types that get our meta: public ones shown in the REST API, attachments excepted.
 *
 * @return string[]
 */
function content_autopilot_post_types() {
	$types = get_post_types(
		array(
			'public'       => true,
			'show_in_rest' => true,
		),
		'names'
	);
	unset( $types['attachment'] );
	return array_values( $types );
}

/**
 * Registers our meta for every such post type. Hooked late on init so that post types
 * registered by other plugins on init are there; the REST API reads it on rest_api_init, later.
 */
function content_autopilot_register_meta() {
	$descriptions = array(
		'_content_autopilot_seo_title' => 'SEO title (plain text).',
		'_content_autopilot_seo_desc'  => 'Meta description (plain text).',
		'_content_autopilot_canonical' => 'Canonical URL (http or https).',
		'_content_autopilot_jsonld'    => 'Structured data: a JSON-LD document (schema.org).',
	);
	$sanitizers   = array(
		'_content_autopilot_seo_title' => 'content_autopilot_sanitize_seo_title',
		'_content_autopilot_seo_desc'  => 'content_autopilot_sanitize_seo_desc',
		'_content_autopilot_canonical' => 'content_autopilot_sanitize_canonical',
		'_content_autopilot_jsonld'    => 'content_autopilot_sanitize_jsonld',
	);
	foreach ( content_autopilot_post_types() as $post_type ) {
		// The REST API exposes registered meta only for post types that support custom fields.
		if ( ! post_type_supports( $post_type, 'custom-fields' ) ) {
			add_post_type_support( $post_type, 'custom-fields' );
		}
		foreach ( content_autopilot_meta_keys() as $key => $max_length ) {
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
					// Keys starting with "_" are protected: without this nobody could write them.
					'auth_callback'     => '_content_autopilot_canonical' === $key ? 'content_autopilot_canonical_auth' : 'content_autopilot_meta_auth',
					'sanitize_callback' => $sanitizers[ $key ],
				)
			);
		}
	}
}
add_action( 'init', 'content_autopilot_register_meta', 99 );

/**
 * Who may add, change or delete our meta on a post: whoever may edit that post.
 *
 * @param bool   $allowed   Whether the user can, so far (ignored).
 * @param string $meta_key  The meta key.
 * @param int    $object_id The post ID.
 * @param int    $user_id   The user asking.
 * @return bool
 */
function content_autopilot_meta_auth( $allowed, $meta_key, $object_id, $user_id = 0 ) {
	return user_can( content_autopilot_asking_user( $user_id ), 'edit_post', (int) $object_id );
}

/**
 * Who may set the canonical URL: whoever may edit the post and also others' posts of its type
 * (editors and administrators). The canonical (and og:url) sends search engines and shares to
 * another address and is copied into the SEO plugin, so an author or contributor must not point
 * their own post at another site.
 *
 * @param bool   $allowed   Whether the user can, so far (ignored).
 * @param string $meta_key  The meta key.
 * @param int    $object_id The post ID.
 * @param int    $user_id   The user asking.
 * @return bool
 */
function content_autopilot_canonical_auth( $allowed, $meta_key, $object_id, $user_id = 0 ) {
	$user_id   = content_autopilot_asking_user( $user_id );
	$post_type = get_post_type_object( (string) get_post_type( (int) $object_id ) );
	$cap       = $post_type ? $post_type->cap->edit_others_posts : 'edit_others_posts';
	return user_can( $user_id, 'edit_post', (int) $object_id ) && user_can( $user_id, $cap );
}

/**
 * The user a meta capability is checked for (WordPress passes it; older callers may not).
 *
 * @param int $user_id The user ID given, or 0.
 * @return int
 */
function content_autopilot_asking_user( $user_id ) {
	return $user_id ? (int) $user_id : get_current_user_id();
}

/**
 * Drops an unchanged canonical URL from a REST request. WordPress before 6.3 checks the
 * capability before it sees that a value is unchanged, and the block editor sends every meta
 * field back once any is edited: without this an author could not save their own post.
 *
 * @param mixed           $response The response so far (passed through).
 * @param array           $handler  The route handler (unused).
 * @param WP_REST_Request $request  The request.
 * @return mixed
 */
function content_autopilot_drop_unchanged_canonical( $response, $handler, $request ) {
	$key  = '_content_autopilot_canonical';
	$meta = $request->get_param( 'meta' );
	if ( ! is_array( $meta ) || ! array_key_exists( $key, $meta ) ) {
		return $response;
	}
	$post_id = (int) $request->get_param( 'id' );
	$stored  = $post_id > 0 ? content_autopilot_get_meta( $post_id, $key ) : '';
	if ( $stored === $meta[ $key ] ) {
		unset( $meta[ $key ] );
		$request->set_param( 'meta', $meta );
	}
	return $response;
}
add_filter( 'rest_request_before_callbacks', 'content_autopilot_drop_unchanged_canonical', 10, 3 );

/**
 * Sanitizes the SEO title.
 *
 * @param mixed $value The value to store.
 * @return string
 */
function content_autopilot_sanitize_seo_title( $value ) {
	return content_autopilot_sanitize_plain_text( $value, 300 );
}

/**
 * Sanitizes the meta description.
 *
 * @param mixed $value The value to store.
 * @return string
 */
function content_autopilot_sanitize_seo_desc( $value ) {
	return content_autopilot_sanitize_plain_text( $value, 1000 );
}

/**
 * One line of plain text, kept as typed: valid UTF-8 (else ''), control characters and line
 * breaks turned into spaces, runs of spaces collapsed, trimmed, at most $max_length characters.
 * Tags and quotes are not removed: the value is text ("Use the <b> tag", `5" pans`) and is
 * escaped wherever it is printed.
 *
 * @param mixed $value      The value.
 * @param int   $max_length The longest value kept, in characters.
 * @return string
 */
function content_autopilot_sanitize_plain_text( $value, $max_length ) {
	if ( is_int( $value ) || is_float( $value ) ) {
		$value = (string) $value;
	}
	if ( ! is_string( $value ) ) {
		return '';
	}
	$value = wp_check_invalid_utf8( $value );
	if ( '' === $value ) {
		return '';
	}
	// C0 and C1 control characters (tab, CR, LF included), DEL, and the Unicode line and paragraph separators.
	$value = preg_replace( '/[\p{Cc}\x{2028}\x{2029}]+/u', ' ', $value );
	if ( ! is_string( $value ) ) {
		return '';
	}
	$value = trim( preg_replace( '/ {2,}/', ' ', $value ) );
	if ( mb_strlen( $value, 'UTF-8' ) > $max_length ) {
		$value = rtrim( mb_substr( $value, 0, $max_length, 'UTF-8' ) );
	}
	return $value;
}

/**
 * Sanitizes the canonical URL: an absolute http(s) URL, else ''.
 *
 * @param mixed $value The value to store.
 * @return string
 */
function content_autopilot_sanitize_canonical( $value ) {
	if ( ! is_string( $value ) ) {
		return '';
	}
	$value = trim( $value );
	if ( '' === $value || strlen( $value ) > 2048 || ! preg_match( '#^https?://#i', $value ) ) {
		return '';
	}
	$url = esc_url_raw( $value, array( 'http', 'https' ) );
	if ( '' === $url || strlen( $url ) > 2048 ) {
		return '';
	}
	$parts = wp_parse_url( $url );
	if ( ! is_array( $parts ) || empty( $parts['host'] ) || empty( $parts['scheme'] )
		|| ! in_array( strtolower( $parts['scheme'] ), array( 'http', 'https' ), true ) ) {
		return '';
	}
	return $url;
}

/**
 * Sanitizes the JSON-LD: it must decode to a schema.org document — an object with "@graph" or
 * "@type" (a single node), or a list of nodes — and is stored re-encoded by us; anything else
 * becomes ''.
 *
 * @param mixed $value The value to store.
 * @return string
 */
function content_autopilot_sanitize_jsonld( $value ) {
	if ( ! is_string( $value ) ) {
		return '';
	}
	$value = trim( wp_check_invalid_utf8( $value ) );
	if ( '' === $value ) {
		return '';
	}
	// Objects stay objects (an empty {} stays {}, not []).
	$decoded = json_decode( $value );
	if ( ! content_autopilot_is_jsonld_document( $decoded ) ) {
		return '';
	}
	$encoded = wp_json_encode( $decoded, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	if ( ! is_string( $encoded ) || mb_strlen( $encoded, 'UTF-8' ) > 65535 ) {
		return '';
	}
	return $encoded;
}

/**
 * Whether a decoded JSON value (objects as stdClass) is a JSON-LD document we accept.
 *
 * @param mixed $decoded The decoded value.
 * @return bool
 */
function content_autopilot_is_jsonld_document( $decoded ) {
	if ( is_object( $decoded ) ) {
		if ( isset( $decoded->{'@graph'} ) ) {
			return is_array( $decoded->{'@graph'} ) && array() !== $decoded->{'@graph'};
		}
		return isset( $decoded->{'@type'} );
	}
	if ( is_array( $decoded ) && array() !== $decoded ) {
		foreach ( $decoded as $node ) {
			if ( ! is_object( $node ) ) {
				return false;
			}
		}
		return true;
	}
	return false;
}

/**
 * Our value of a key on a post, '' when there is none.
 *
 * @param int    $post_id  The post ID.
 * @param string $meta_key One of our keys.
 * @return string
 */
function content_autopilot_get_meta( $post_id, $meta_key ) {
	$value = get_post_meta( (int) $post_id, $meta_key, true );
	return is_string( $value ) ? $value : '';
}
