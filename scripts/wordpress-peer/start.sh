#!/usr/bin/env bash
# Start a real WordPress (Debian's package) on 127.0.0.1 for the end-to-end suites
# (npm run test:e2e, npm run test:panel, .ci/run; the bench starts its own on 8882):
# MariaDB on a unix socket (no TCP), PHP's built-in server on $WP_PORT, a seeded
# site and an application password for the admin. Idempotent: a healthy running
# instance is reused, anything else is stopped and reinstalled from scratch.
# Debian 12 (bookworm); installs missing packages from Debian's mirror as root.
# stdout: shell-sourceable `export` lines of WP_URL, WP_USER, WP_APP_PASSWORD, WP_ADMIN_PASSWORD,
# WP_DIR= lines (also in $WP_DIR/credentials.env); progress goes to stderr.
# README.md beside this file: what runs, the seeded content, timings.
#
# Env: WP_PORT (8881), WP_DIR (${TMPDIR:-/tmp}/wp-peer-$WP_PORT), WP_USER (admin),
#      WP_ADMIN_PASSWORD (random), WP_APP_PASSWORD (random), WP_TITLE,
#      WP_PHP_WORKERS (4), WP_FRESH=1 (reinstall even if running),
#      WP_EXTRA_PACKAGES (other Debian packages to install in the same apt step; .ci/run: Chromium).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$HERE/common.sh"

WP_USER=${WP_USER:-admin}
WP_TITLE=${WP_TITLE:-WP Peer Test Site}
WP_PHP_WORKERS=${WP_PHP_WORKERS:-4}
WWW=$WP_DIR/www
DB_DIR=$WP_DIR/db
CRED_FILE=$WP_DIR/credentials.env
SRC=/usr/share/wordpress          # where Debian's wordpress package puts the code
START=$SECONDS

die() { log "ERROR: $*"; exit 1; }
added_policy= started=
# On exit: drop a policy-rc.d we added; after a failed start show the logs and
# stop whatever was started, so no stray daemons are left behind.
cleanup() {
    local rc=$?
    [ -n "$added_policy" ] && rm -f /usr/sbin/policy-rc.d
    if [ "$rc" != 0 ] && [ -n "$started" ]; then
        log "start failed; last log lines:"
        tail -n 15 "$LOG_DIR"/*.log "$LOG_DIR"/*.err >&2 2>/dev/null || true
        "$HERE/stop.sh" >/dev/null 2>&1 || true
    fi
    exit "$rc"
}
trap cleanup EXIT
rand() { head -c "$1" /dev/urandom | od -An -tx1 | tr -d ' \n'; }

# One start.sh per port at a time: a concurrent run waits, then reuses.
exec 9>"${TMPDIR:-/tmp}/wp-peer-$WP_PORT.lock"
flock -w 300 9 || die "another start.sh for port $WP_PORT is still running"

# --- 1. packages (Debian bookworm) --------------------------------------------
PKGS=(wordpress wordpress-theme-twentytwentythree php-cli php-mysql php-gd php-xml
      php-mbstring php-curl mariadb-server-core mariadb-client-core curl ${WP_EXTRA_PACKAGES:-})
missing=()
for p in "${PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    [ "$(id -u)" = 0 ] || die "missing packages (${missing[*]}); run as root to install them"
    log "installing: ${missing[*]}"
    # wordpress depends on apache2; keep it (and any other service) from starting.
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
        added_policy=1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt_install() { apt-get install -y -q --no-install-recommends "${missing[@]}" >"${TMPDIR:-/tmp}/wp-peer-apt.log" 2>&1; }
    apt_install || { log "apt-get install failed; running apt-get update and retrying"
                     apt-get update -q >/dev/null 2>&1 || true; apt_install; } ||
        die "apt-get install failed, see ${TMPDIR:-/tmp}/wp-peer-apt.log"
    if [ -n "$added_policy" ]; then rm -f /usr/sbin/policy-rc.d; added_policy=; fi
    log "packages installed in $((SECONDS - START))s"
fi

# print_credentials: the env lines on stdout.
# As `export` lines: `eval "$(start.sh)"` then hands them to the test runners it starts.
print_credentials() { sed 's/^/export /' "$CRED_FILE"; }

# --- 2. reuse a healthy running instance --------------------------------------
if [ -z "${WP_FRESH:-}" ] && [ -f "$CRED_FILE" ] &&
   pid_alive "$PHP_PID_FILE" "$(php_pattern)" && pid_alive "$DB_PID_FILE" "$(db_pattern)"; then
    (. "$CRED_FILE"; curl -fsS -o /dev/null -m 10 -u "$WP_USER:$WP_APP_PASSWORD" \
        "$WP_URL/wp-json/wp/v2/users/me") 2>/dev/null && {
        log "reusing running instance in $WP_DIR"
        print_credentials
        exit 0
    }
    log "running instance is unhealthy; restarting"
fi

# --- 3. clean slate --------------------------------------------------------------
# stop.sh --purge deletes $WP_DIR only if it holds start.sh's marker file.
"$HERE/stop.sh" --purge >/dev/null 2>&1 || true
if [ -e "$WP_DIR" ] && [ -n "$(ls -A "$WP_DIR")" ]; then
    die "$WP_DIR exists, is not empty and was not made by start.sh; set WP_DIR"
fi
if (exec 3<>"/dev/tcp/127.0.0.1/$WP_PORT") 2>/dev/null; then
    die "port $WP_PORT on 127.0.0.1 is already in use by another process; set WP_PORT"
fi
mkdir -p "$WWW" "$DB_DIR" "$RUN_DIR" "$LOG_DIR"
touch "$WP_DIR/.wp-peer"

# Unix sockets are limited to ~107 bytes; fall back to a short temp dir.
DB_SOCK=$RUN_DIR/mysqld.sock
if [ ${#DB_SOCK} -gt 100 ]; then
    DB_SOCK=$(mktemp -d "${TMPDIR:-/tmp}/wpdb.XXXXXX")/mysqld.sock
    dirname "$DB_SOCK" >"$RUN_DIR/sockdir"     # removed by stop.sh --purge
fi

started=1

# --- 4. MariaDB (own datadir, unix socket only, tuned for speed not durability) ---
DB_OPTS=(--no-defaults --datadir="$DB_DIR" --socket="$DB_SOCK" --skip-networking
         --skip-name-resolve --skip-log-bin --innodb-buffer-pool-size=64M
         --innodb-log-file-size=16M --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0
         --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci)
[ "$(id -u)" = 0 ] && DB_OPTS+=(--user=root)
log "initializing MariaDB in $DB_DIR"
mariadb-install-db "${DB_OPTS[@]}" --auth-root-authentication-method=socket --skip-test-db \
    >"$LOG_DIR/mariadb-install.log" 2>&1
# Daemons: own session (setsid), no inherited stdio or lock fd (9>&-).
setsid mariadbd "${DB_OPTS[@]}" --pid-file="$DB_PID_FILE" --log-error="$LOG_DIR/mariadb.err" \
    </dev/null >/dev/null 2>&1 9>&- &
echo $! >"$DB_PID_FILE"
for i in $(seq 100); do
    mariadb --no-defaults -S "$DB_SOCK" -uroot -e 'SELECT 1' >/dev/null 2>&1 && break
    pid_alive "$DB_PID_FILE" "$(db_pattern)" || die "mariadbd exited"
    [ "$i" = 100 ] && die "mariadbd did not accept connections in 20 s"
    sleep 0.2
done
DB_PASS=$(rand 12)
mariadb --no-defaults -S "$DB_SOCK" -uroot <<SQL
CREATE DATABASE wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER 'wordpress'@'localhost' IDENTIFIED BY '$DB_PASS';
GRANT ALL PRIVILEGES ON wordpress.* TO 'wordpress'@'localhost';
SQL

# --- 5. WordPress files: a private copy of the packaged code ------------------
cp -rL "$SRC/." "$WWW/"
mkdir -p "$WWW/wp-content/uploads" "$WWW/wp-content/mu-plugins"
cp "$HERE/wp-peer-mu.php" "$WWW/wp-content/mu-plugins/wp-peer.php"
cp "$HERE/router.php" "$WP_DIR/router.php"
salts=""
for k in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
    salts+="define('$k', '$(rand 32)');"$'\n'
done
cat >"$WWW/wp-config.php" <<PHP
<?php
// Written by wp-peer start.sh.
define('DB_NAME', 'wordpress');
define('DB_USER', 'wordpress');
define('DB_PASSWORD', '$DB_PASS');
define('DB_HOST', 'localhost:$DB_SOCK');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
$salts
\$table_prefix = 'wp_';
define('WP_HOME', '$WP_URL');
define('WP_SITEURL', '$WP_URL');
// Application passwords need https or environment type 'local'.
define('WP_ENVIRONMENT_TYPE', 'local');
define('WP_DEBUG', false);
// No internet: never call out (update checks etc.); loopback stays allowed.
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
// No background loopback requests: deterministic for tests. Scheduled (future)
// posts publish only when something requests /wp-cron.php.
define('DISABLE_WP_CRON', true);
define('FS_METHOD', 'direct');
define('WP_PEER_MAIL_LOG', '$LOG_DIR/mail.log');
if (!defined('ABSPATH')) {
    define('ABSPATH', __DIR__ . '/');
}
require_once ABSPATH . 'wp-settings.php';
PHP

# --- 6. install + seed with php-cli -----------------------------------------------
PHP_OPTS=(-d display_errors=0 -d log_errors=1 -d "error_log=$LOG_DIR/php-errors.log"
          -d "error_reporting=E_ALL & ~E_DEPRECATED & ~E_STRICT" -d memory_limit=256M
          -d upload_max_filesize=64M -d post_max_size=64M -d max_execution_time=60)
WP_ADMIN_PASSWORD=${WP_ADMIN_PASSWORD:-$(rand 10)}
case $WP_ADMIN_PASSWORD in *\'*) die "WP_ADMIN_PASSWORD must not contain a single quote" ;; esac
export WP_PEER_DOCROOT="$WWW" WP_URL WP_USER WP_ADMIN_PASSWORD WP_TITLE
export WP_APP_PASSWORD=${WP_APP_PASSWORD:-}
log "installing WordPress $(sed -n "s/^\$wp_version = '\(.*\)';/\1/p" "$SRC/wp-includes/version.php")"
php "${PHP_OPTS[@]}" "$HERE/setup.php" install
APP_PASS=$(php "${PHP_OPTS[@]}" "$HERE/setup.php" seed | sed -n 's/^APP_PASSWORD=//p')
[ -n "$APP_PASS" ] || die "no application password was created"

# --- 7. PHP built-in server with router (pretty permalinks, /wp-json/) ----------
(cd "$WWW" && exec env PHP_CLI_SERVER_WORKERS="$WP_PHP_WORKERS" setsid php "${PHP_OPTS[@]}" \
    -d opcache.enable_cli=1 -S "127.0.0.1:$WP_PORT" -t "$WWW" "$WP_DIR/router.php") \
    </dev/null >>"$LOG_DIR/php-server.log" 2>&1 9>&- &
echo $! >"$PHP_PID_FILE"
ok=
for _ in $(seq 100); do
    code=$(curl -s -o /dev/null -w '%{http_code}' -m 10 -u "$WP_USER:$APP_PASS" \
        "$WP_URL/wp-json/wp/v2/users/me") || true
    [ "$code" = 200 ] && { ok=1; break; }
    pid_alive "$PHP_PID_FILE" "$(php_pattern)" || die "php server exited"
    sleep 0.2
done
[ -n "$ok" ] || die "WordPress did not answer 200 on /wp-json/wp/v2/users/me (last: $code)"

cat >"$CRED_FILE" <<ENV
WP_URL=$WP_URL
WP_USER=$WP_USER
WP_APP_PASSWORD='$APP_PASS'
WP_ADMIN_PASSWORD='$WP_ADMIN_PASSWORD'
WP_DIR=$WP_DIR
ENV
log "WordPress ready at $WP_URL in $((SECONDS - START))s (dir $WP_DIR)"
print_credentials
