<?php
/**
 * Plugin Name: Content Autopilot Connector
 * Description: Lets Content Autopilot set each article's SEO title, meta description, canonical URL and structured data (JSON-LD), and hands them to Yoast SEO, Rank Math, SEOPress or All in One SEO when one of them is active; serves the site's IndexNow key; redirects merged posts and keeps noindexed ones out of search.
 * Version: 1.3.0
 * Requires at least: 5.5
 * Requires PHP: 7.4
 * Author: Content Autopilot
 * License: GPL-2.0-or-later
 * License URI: https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain: content-autopilot-connector
 *
 * @package ContentAutopilotConnector
 */

defined( 'ABSPATH' ) || exit;

define( 'CONTENT_AUTOPILOT_CONNECTOR_VERSION', '1.3.0' );

require_once __DIR__ . '/includes/seo-plugin.php';
require_once __DIR__ . '/includes/meta.php';
require_once __DIR__ . '/includes/upgrade.php';
require_once __DIR__ . '/includes/rest.php';
require_once __DIR__ . '/includes/sync.php';
require_once __DIR__ . '/includes/head.php';
require_once __DIR__ . '/includes/schema.php';
require_once __DIR__ . '/includes/indexnow.php';
require_once __DIR__ . '/includes/old-slugs.php';
require_once __DIR__ . '/includes/site-health.php';
