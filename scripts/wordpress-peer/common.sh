# Settings for start.sh, stop.sh and smoke.sh (sourced, not executed).
WP_PORT=${WP_PORT:-8881}
WP_DIR=${WP_DIR:-${TMPDIR:-/tmp}/wp-peer-$WP_PORT}
WP_URL=http://127.0.0.1:$WP_PORT
RUN_DIR=$WP_DIR/run
LOG_DIR=$WP_DIR/logs
PHP_PID_FILE=$RUN_DIR/php.pid
DB_PID_FILE=$RUN_DIR/mariadb.pid

log() { echo "[wp-peer] $*" >&2; }

# pid_alive PIDFILE PATTERN: the recorded pid runs and its command line contains
# PATTERN (guards against a recycled pid belonging to some other process).
pid_alive() {
    local pid
    pid=$(cat "$1" 2>/dev/null) || return 1
    [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$2"
}
php_pattern() { echo "-S 127.0.0.1:$WP_PORT"; }
db_pattern() { echo "--datadir=$WP_DIR/db"; }
