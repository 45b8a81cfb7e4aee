<?php
/**
 * Copies our SEO title, description and canonical URL into the active SEO plugin's own fields,
 * so that plugin renders them. Runs whenever one of our keys is added, changed or deleted, and
 * copies only the field that changed (a title update leaves the plugin's description alone).
 * An empty value of ours deletes the plugin's field. The other plugins' meta keys are written,
 * never registered.
 *
 * @package ContentAutopilotConnector
 */

defined( 'ABSPATH' ) || exit;

/**
 * Our keys that are copied, and the field each one is.
 *
 * @return array<string, string>
 */
function content_autopilot_synced_keys() {
	return array(
		'_content_autopilot_seo_title' => 'title',
		'_content_autopilot_seo_desc'  => 'description',
		'_content_autopilot_canonical' => 'canonical',
	);
}

/**
 * Whether a copy is under way; with $set, marks it started (true) or finished (false).
 *
 * @param bool|null $set The new state, or null to only read it.
 * @return bool
 */
function content_autopilot_syncing( $set = null ) {
	static $syncing = false;
	if ( null !== $set ) {
		$syncing = (bool) $set;
	}
	return $syncing;
}

/**
 * Hooked to added_post_meta, updated_post_meta and deleted_post_meta.
 *
 * @param int|int[] $meta_ids  The meta ID(s) (unused).
 * @param int       $object_id The post ID.
 * @param string    $meta_key  The meta key.
 */
function content_autopilot_sync_meta_change( $meta_ids, $object_id, $meta_key ) {
	$keys = content_autopilot_synced_keys();
	if ( ! is_string( $meta_key ) || ! isset( $keys[ $meta_key ] ) || content_autopilot_syncing() ) {
		return;
	}
	$post_id = (int) $object_id;
	if ( $post_id <= 0 || wp_is_post_revision( $post_id ) ) {
		return;
	}
	$plugin = content_autopilot_seo_plugin_slug();
	if ( null === $plugin ) {
		return;
	}
	$value = content_autopilot_get_meta( $post_id, $meta_key );
	content_autopilot_syncing( true );
	try {
		content_autopilot_copy_field( $plugin, $post_id, $keys[ $meta_key ], $value );
	} finally {
		content_autopilot_syncing( false );
	}
}
add_action( 'added_post_meta', 'content_autopilot_sync_meta_change', 10, 3 );
add_action( 'updated_post_meta', 'content_autopilot_sync_meta_change', 10, 3 );
add_action( 'deleted_post_meta', 'content_autopilot_sync_meta_change', 10, 3 );

/**
 * Writes one field into the given SEO plugin.
 *
 * @param string $plugin  "yoast", "rank-math", "seopress" or "aioseo".
 * @param int    $post_id The post ID.
 * @param string $field   "title", "description" or "canonical".
 * @param string $value   Our value; '' deletes the plugin's field.
 */
function content_autopilot_copy_field( $plugin, $post_id, $field, $value ) {
	switch ( $plugin ) {
		case 'yoast':
			content_autopilot_copy_to_yoast( $post_id, $field, $value );
			break;
		case 'rank-math':
			$keys = array(
				'title'       => 'rank_math_title',
				'description' => 'rank_math_description',
				'canonical'   => 'rank_math_canonical_url',
			);
			content_autopilot_write_post_meta( $post_id, $keys[ $field ], $value );
			break;
		case 'seopress':
			$keys = array(
				'title'       => '_seopress_titles_title',
				'description' => '_seopress_titles_desc',
				'canonical'   => '_seopress_robots_canonical',
			);
			// SEOPress, like Yoast, reads %%word%% as a template variable.
			if ( 'canonical' !== $field ) {
				$value = content_autopilot_collapse_percent_signs( $value );
			}
			content_autopilot_write_post_meta( $post_id, $keys[ $field ], $value );
			break;
		case 'aioseo':
			content_autopilot_copy_to_aioseo( $post_id, $field, $value );
			break;
	}
}

/**
 * Sets a post meta value, or deletes it when the value is ''. update_post_meta() unslashes what
 * it is given, so the value is slashed first (a backslash in a title survives).
 *
 * @param int    $post_id  The post ID.
 * @param string $meta_key The meta key.
 * @param string $value    The value.
 */
function content_autopilot_write_post_meta( $post_id, $meta_key, $value ) {
	if ( '' === $value ) {
		delete_post_meta( $post_id, $meta_key );
		return;
	}
	update_post_meta( $post_id, $meta_key, wp_slash( $value ) );
}

/**
 * "%%" (any run of two or more) becomes "%", so no text of ours reads as a %%variable%%.
 *
 * @param string $value The text.
 * @return string
 */
function content_autopilot_collapse_percent_signs( $value ) {
	$collapsed = preg_replace( '/%{2,}/', '%', $value );
	return is_string( $collapsed ) ? $collapsed : $value;
}

/**
 * Yoast SEO: _yoast_wpseo_title, _yoast_wpseo_metadesc, _yoast_wpseo_canonical, through
 * WPSEO_Meta::set_value() when Yoast's class is loaded.
 *
 * @param int    $post_id The post ID.
 * @param string $field   "title", "description" or "canonical".
 * @param string $value   Our value.
 */
function content_autopilot_copy_to_yoast( $post_id, $field, $value ) {
	$fields = array(
		'title'       => 'title',
		'description' => 'metadesc',
		'canonical'   => 'canonical',
	);
	$yoast  = $fields[ $field ];
	if ( '' === $value ) {
		delete_post_meta( $post_id, '_yoast_wpseo_' . $yoast );
		return;
	}
	if ( 'canonical' !== $field ) {
		$value = content_autopilot_collapse_percent_signs( $value );
	}
	if ( class_exists( 'WPSEO_Meta' ) && method_exists( 'WPSEO_Meta', 'set_value' ) ) {
		WPSEO_Meta::set_value( $yoast, $value, $post_id );
		return;
	}
	update_post_meta( $post_id, '_yoast_wpseo_' . $yoast, wp_slash( $value ) );
}

/**
 * All in One SEO keeps its values in its own table (aioseo_posts), mirrored into _aioseo_title
 * and _aioseo_description post meta.
 *
 * AIOSEO's Post::savePost() replaces every column it is not given with a default in the versions
 * before its patch-style saving (no Post::applyPatchFields()), which would reset the post's robots,
 * social and schema settings; those versions also read the canonical URL as "canonicalUrl". So
 * savePost() is used when it saves patch-style or when the post has no AIOSEO row yet, and
 * otherwise the one column is set on the loaded row and saved, as savePost() itself does.
 *
 * @param int    $post_id The post ID.
 * @param string $field   "title", "description" or "canonical".
 * @param string $value   Our value.
 */
function content_autopilot_copy_to_aioseo( $post_id, $field, $value ) {
	$model = '\\AIOSEO\\Plugin\\Common\\Models\\Post';
	if ( class_exists( $model ) && method_exists( $model, 'savePost' ) ) {
		try {
			content_autopilot_save_aioseo_post( $model, $post_id, $field, $value );
		} catch ( Throwable $error ) {
			// Never let a failure inside AIOSEO break saving the post; the meta below is still written.
			unset( $error );
		}
	}
	$meta_keys = array(
		'title'       => '_aioseo_title',
		'description' => '_aioseo_description',
	);
	if ( isset( $meta_keys[ $field ] ) ) {
		content_autopilot_write_post_meta( $post_id, $meta_keys[ $field ], $value );
	}
}

/**
 * Saves one field of AIOSEO's row for a post (see content_autopilot_copy_to_aioseo()).
 *
 * @param string $model   AIOSEO's Post model class.
 * @param int    $post_id The post ID.
 * @param string $field   "title", "description" or "canonical".
 * @param string $value   Our value; '' clears the field (null).
 */
function content_autopilot_save_aioseo_post( $model, $post_id, $field, $value ) {
	$value        = '' === $value ? null : $value;
	$patch_saving = method_exists( $model, 'applyPatchFields' );
	$row          = method_exists( $model, 'getPost' ) ? call_user_func( array( $model, 'getPost' ), $post_id ) : null;
	$row_exists   = is_object( $row ) && method_exists( $row, 'exists' ) && $row->exists();

	if ( $patch_saving || ! $row_exists || ! method_exists( $row, 'save' ) ) {
		if ( 'canonical' === $field ) {
			$data = array(
				'canonical_url' => $value,
				'canonicalUrl'  => $value,
			);
		} else {
			$data = array( $field => $value );
		}
		if ( ! $patch_saving ) {
			// The keys older versions read unconditionally (there is no row to lose yet).
			$data = array_merge(
				array_fill_keys( array( 'title', 'description', 'og_title', 'og_description', 'og_article_section', 'twitter_title', 'twitter_description' ), null ),
				$data
			);
		}
		call_user_func( array( $model, 'savePost' ), $post_id, $data );
		return;
	}

	$columns = array(
		'title'       => 'title',
		'description' => 'description',
		'canonical'   => 'canonical_url',
	);
	if ( null !== $value ) {
		$value = 'canonical' === $field ? esc_url_raw( $value ) : sanitize_text_field( $value );
	}
	$row->{$columns[ $field ]} = $value;
	$row->updated              = gmdate( 'Y-m-d H:i:s' );
	$row->save();
}
