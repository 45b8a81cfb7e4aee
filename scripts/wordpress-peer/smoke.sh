#!/usr/bin/env bash
# Smoke test of the WordPress peer (README.md beside this file): runs start.sh (reusing a running instance),
# then exercises the REST endpoints with curl and Basic auth (user + application
# password). Prints a PASS/FAIL table; exits non-zero if any check fails.
# What it creates (post, page, term, comment, media) is deleted again and the
# settings it changes are restored, so the seeded content stays as it was.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

creds=$("$HERE/start.sh") || { echo "smoke: start.sh failed" >&2; exit 1; }
eval "$creds"
AUTH="$WP_USER:$WP_APP_PASSWORD"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
PASS=0 FAIL=0 ROWS=()

# req METHOD PATH [--noauth] [curl args...]: sets CODE; body in $T/body, headers in
# $T/headers. Basic auth as $AUTH unless --noauth or the args bring their own -u.
req() {
    local method=$1 path=$2 auth=(-u "$AUTH")
    shift 2
    if [ "${1:-}" = --noauth ]; then auth=(); shift; fi
    CODE=$(curl -sS -m 30 -o "$T/body" -D "$T/headers" -w '%{http_code}' -X "$method" \
        "${auth[@]}" "$@" "$WP_URL$path" 2>"$T/curl.err") || CODE=000
}
# json EXPR: evaluates a PHP expression over the decoded body $d.
json() {
    php -r '$d = json_decode(file_get_contents($argv[1]), true);
            $r = eval("return " . $argv[2] . ";");
            echo is_bool($r) ? ($r ? "true" : "false") : (is_array($r) ? json_encode($r) : $r);' \
        "$T/body" "$1" 2>/dev/null
}
header() { grep -i "^$1:" "$T/headers" | tail -n 1 | cut -d: -f2- | tr -d '\r' | sed 's/^ *//'; }
# check NAME CONDITION-EXIT-STATUS DETAIL
check() {
    local name=$1 ok=$2 detail=$3
    if [ "$ok" = 0 ]; then PASS=$((PASS + 1)); ROWS+=("PASS|$name|$detail")
    else FAIL=$((FAIL + 1)); ROWS+=("FAIL|$name|$detail (HTTP $CODE: $(head -c 200 "$T/body" | tr '\n' ' '))"); fi
}
is() { [ "$1" = "$2" ]; }
jbody() { printf '%s' "$1" >"$T/req.json"; echo "@$T/req.json"; }
JSON=(-H 'Content-Type: application/json')
START=$SECONDS

# --- discovery and authentication ----------------------------------------------
req GET /
check "GET / (Link rel=https://api.w.org/)" $(header Link | grep -q 'rel="https://api.w.org/"'; echo $?) "$CODE, $(header Link)"
req GET /wp-json/
check "GET /wp-json/ (index)" $(is "$CODE$(json 'in_array("wp/v2", $d["namespaces"]) && isset($d["authentication"]["application-passwords"])')" 200true; echo $?) \
    "$CODE, wp/v2 namespace + application-passwords advertised"
req GET "/wp-json/wp/v2/users/me?context=edit"
check "GET users/me?context=edit" $(is "$CODE $(json '$d["username"]') $(json 'in_array("administrator", $d["roles"])')" "200 $WP_USER true"; echo $?) \
    "$CODE, username=$(json '$d["username"]') roles=$(json '$d["roles"]')"
req GET /wp-json/wp/v2/users/me -u "$WP_USER:aaaa bbbb cccc dddd eeee ffff"
BAD_PW="$CODE $(json '$d["code"]')"
check "bad app password -> 401" $(is "$CODE" 401; echo $?) "$BAD_PW"
req GET /wp-json/wp/v2/users/me -u "no-such-user:$WP_APP_PASSWORD"
check "unknown user -> 401" $(is "$CODE" 401; echo $?) "$CODE $(json '$d["code"]')"
req GET /wp-json/wp/v2/users/me -u "$WP_USER:$WP_ADMIN_PASSWORD"
check "login password (not app pw) -> 401" $(is "$CODE" 401; echo $?) "$CODE $(json '$d["code"]')"
req GET /wp-json/wp/v2/settings -u "$WP_USER:aaaa bbbb cccc dddd eeee ffff"
check "bad app password, GET settings -> 401" $(is "$CODE" 401; echo $?) "$CODE $(json '$d["code"]')"
req GET /wp-json/wp/v2/users/me --noauth
check "no credentials -> 401" $(is "$CODE" 401; echo $?) "$CODE $(json '$d["code"]')"
req GET "/wp-json/wp/v2/posts?per_page=1" -u "$WP_USER:aaaa bbbb cccc dddd eeee ffff"
check "bad app password, GET posts -> 200 (public)" $(is "$CODE" 200; echo $?) "$CODE (treated as anonymous)"
req GET "/?rest_route=/wp/v2/users/me"
check "GET ?rest_route=/wp/v2/users/me" $(is "$CODE" 200; echo $?) "$CODE (route form without pretty permalinks)"

# --- posts: paging ---------------------------------------------------------------
req GET "/wp-json/wp/v2/posts?per_page=10&page=1"
check "GET posts per_page=10 page=1" $(is "$CODE $(json 'count($d)') $(header X-WP-Total) $(header X-WP-TotalPages)" "200 10 25 3"; echo $?) \
    "$CODE, items=$(json 'count($d)') X-WP-Total=$(header X-WP-Total) X-WP-TotalPages=$(header X-WP-TotalPages)"
req GET "/wp-json/wp/v2/posts?per_page=10&page=3"
check "GET posts per_page=10 page=3" $(is "$CODE $(json 'count($d)')" "200 5"; echo $?) "$CODE, items=$(json 'count($d)')"
req GET "/wp-json/wp/v2/posts?per_page=10&page=4"
check "GET posts page past the end -> 400" $(is "$CODE $(json '$d["code"]')" "400 rest_post_invalid_page_number"; echo $?) "$CODE $(json '$d["code"]')"
req GET "/wp-json/wp/v2/posts?per_page=100&context=edit&status=publish,draft"
check "GET posts?context=edit&status=publish,draft" $(is "$CODE $(json 'count($d)') $(json 'isset($d[0]["content"]["raw"])')" "200 27 true"; echo $?) \
    "$CODE, items=$(json 'count($d)') (25 publish + 2 draft), content.raw present"

# --- taxonomy --------------------------------------------------------------------
req GET "/wp-json/wp/v2/categories?per_page=100"
check "GET categories" $(is "$CODE $(json 'count($d)')" "200 4"; echo $?) "$CODE, $(json 'implode(",", array_column($d, "slug"))')"
req POST /wp-json/wp/v2/categories "${JSON[@]}" --data-binary "$(jbody '{"name":"Smoke Category","description":"made by smoke.sh"}')"
CAT_ID=$(json '$d["id"]')
check "POST categories (create)" $(is "$CODE" 201; echo $?) "$CODE, id=$CAT_ID"
req GET "/wp-json/wp/v2/tags?per_page=100"
check "GET tags" $(is "$CODE $(json 'count($d)')" "200 4"; echo $?) "$CODE, $(json 'implode(",", array_column($d, "slug"))')"
req POST /wp-json/wp/v2/tags "${JSON[@]}" --data-binary "$(jbody '{"name":"smoke-tag"}')"
TAG_ID=$(json '$d["id"]')
check "POST tags (create)" $(is "$CODE" 201; echo $?) "$CODE, id=$TAG_ID"

# --- media -----------------------------------------------------------------------
req GET /wp-json/wp/v2/media
MEDIA_ID=$(json '$d[0]["id"]')
check "GET media" $(is "$CODE $(json 'count($d)') $(header X-WP-Total)" "200 2 2"; echo $?) "$CODE, items=$(json 'count($d)') first id=$MEDIA_ID"
php -r '$i = imagecreatetruecolor(64, 48); imagefill($i, 0, 0, imagecolorallocate($i, 30, 120, 200)); imagepng($i, $argv[1]);' "$T/smoke.png"
req POST /wp-json/wp/v2/media -H 'Content-Type: image/png' \
    -H 'Content-Disposition: attachment; filename="smoke-upload.png"' --data-binary "@$T/smoke.png"
UP_ID=$(json '$d["id"]')
UP_URL=$(json '$d["source_url"]')
check "POST media (upload, Content-Disposition)" $(is "$CODE $(json '$d["mime_type"]')" "201 image/png"; echo $?) "$CODE, id=$UP_ID $UP_URL"
CODE=$(curl -s -o /dev/null -w '%{http_code}' "$UP_URL")
check "GET uploaded file (source_url)" $(is "$CODE" 200; echo $?) "$CODE"

# --- posts: create and update ------------------------------------------------------
req POST /wp-json/wp/v2/posts "${JSON[@]}" --data-binary "$(jbody "{\"title\":\"Smoke test post\",\"content\":\"<p>Hello from smoke.sh</p>\",\"status\":\"publish\",\"categories\":[$CAT_ID],\"tags\":[$TAG_ID],\"featured_media\":$UP_ID}")"
POST_ID=$(json '$d["id"]')
check "POST posts (publish, categories, tags, featured_media)" \
    $(is "$CODE $(json '$d["status"]') $(json '$d["categories"]') $(json '$d["tags"]') $(json '$d["featured_media"]')" "201 publish [$CAT_ID] [$TAG_ID] $UP_ID"; echo $?) \
    "$CODE, id=$POST_ID status=$(json '$d["status"]') link=$(json '$d["link"]')"
POST_LINK=$(json '$d["link"]')
CODE=$(curl -s -o "$T/body" -w '%{http_code}' "$POST_LINK")
check "GET post link (pretty permalink page)" $(is "$CODE" 200; echo $?) "$CODE $POST_LINK"
req POST "/wp-json/wp/v2/posts/$POST_ID" "${JSON[@]}" --data-binary "$(jbody '{"title":"Smoke test post (edited)","content":"<p>Edited by smoke.sh</p>"}')"
check "POST posts/{id} (update)" $(is "$CODE $(json '$d["title"]["raw"]')" "200 Smoke test post (edited)"; echo $?) "$CODE, title=$(json '$d["title"]["raw"]')"
req PUT "/wp-json/wp/v2/posts/$POST_ID" "${JSON[@]}" --data-binary "$(jbody '{"excerpt":"Set with PUT"}')"
check "PUT posts/{id} (update, same as POST)" $(is "$CODE $(json '$d["excerpt"]["raw"]')" "200 Set with PUT"; echo $?) "$CODE, excerpt=$(json '$d["excerpt"]["raw"]')"
req GET "/wp-json/wp/v2/posts?per_page=1"
check "X-WP-Total after create" $(is "$CODE $(header X-WP-Total)" "200 26"; echo $?) "$CODE, X-WP-Total=$(header X-WP-Total)"

# --- comments ----------------------------------------------------------------------
# The list filter says "approve" while comment objects and updates say "approved";
# ?status=approved is accepted but matches nothing (checked here as a reminder).
for s in hold:3 approve:7 approved:0 spam:2; do
    req GET "/wp-json/wp/v2/comments?status=${s%:*}&per_page=100"
    check "GET comments?status=${s%:*}" $(is "$CODE $(json 'count($d)')" "200 ${s#*:}"; echo $?) \
        "$CODE, items=$(json 'count($d)') $(json 'implode(",", array_unique(array_column($d, "status")))')"
done
req GET "/wp-json/wp/v2/comments?status=hold" --noauth
check "GET comments?status=hold unauthenticated -> 401" $(is "$CODE $(json '$d["code"]')" "401 rest_forbidden_param"; echo $?) "$CODE $(json '$d["code"]')"
req POST /wp-json/wp/v2/comments "${JSON[@]}" --data-binary "$(jbody "{\"post\":$POST_ID,\"content\":\"Comment from smoke.sh\"}")"
COM_ID=$(json '$d["id"]')
check "POST comments (create)" $(is "$CODE" 201; echo $?) "$CODE, id=$COM_ID status=$(json '$d["status"]')"
for s in hold approved spam trash; do
    req POST "/wp-json/wp/v2/comments/$COM_ID" "${JSON[@]}" --data-binary "$(jbody "{\"status\":\"$s\"}")"
    check "POST comments/{id} status=$s" $(is "$CODE $(json '$d["status"]')" "200 $s"; echo $?) "$CODE, status=$(json '$d["status"]')"
done
req DELETE "/wp-json/wp/v2/comments/$COM_ID?force=true"
check "DELETE comments/{id}?force=true" $(is "$CODE $(json '$d["deleted"]')" "200 true"; echo $?) "$CODE"

# --- pages -------------------------------------------------------------------------
req GET /wp-json/wp/v2/pages
check "GET pages" $(is "$CODE $(json 'count($d)')" "200 2"; echo $?) "$CODE, $(json 'implode(",", array_column($d, "slug"))')"
req POST /wp-json/wp/v2/pages "${JSON[@]}" --data-binary "$(jbody '{"title":"Smoke page","content":"<p>Page from smoke.sh</p>","status":"publish"}')"
PAGE_ID=$(json '$d["id"]')
check "POST pages (create)" $(is "$CODE $(json '$d["status"]')" "201 publish"; echo $?) "$CODE, id=$PAGE_ID"

# --- settings ----------------------------------------------------------------------
req GET /wp-json/wp/v2/settings
OLD_TITLE=$(json '$d["title"]')
OLD_DESC=$(json '$d["description"]')
check "GET settings" $(is "$CODE" 200; echo $?) "$CODE, title=$OLD_TITLE"
req POST /wp-json/wp/v2/settings "${JSON[@]}" --data-binary "$(jbody '{"title":"Smoke Title","description":"Smoke tagline"}')"
check "POST settings (title, description)" $(is "$CODE $(json '$d["title"]')|$(json '$d["description"]')" "200 Smoke Title|Smoke tagline"; echo $?) "$CODE"
req POST /wp-json/wp/v2/settings "${JSON[@]}" --data-binary "$(jbody "$(php -r 'echo json_encode(["title" => $argv[1], "description" => $argv[2]]);' "$OLD_TITLE" "$OLD_DESC")")"
check "POST settings (restore)" $(is "$CODE $(json '$d["title"]')" "200 $OLD_TITLE"; echo $?) "$CODE"

# --- clean up what was created ---------------------------------------------------------
req DELETE "/wp-json/wp/v2/media/$UP_ID"
check "DELETE media/{id} without force -> 501" $(is "$CODE $(json '$d["code"]')" "501 rest_trash_not_supported"; echo $?) "$CODE $(json '$d["code"]')"
req DELETE "/wp-json/wp/v2/posts/$POST_ID"
check "DELETE posts/{id} without force -> trash" $(is "$CODE $(json '$d["status"]')" "200 trash"; echo $?) "$CODE, status=$(json '$d["status"]')"
req DELETE "/wp-json/wp/v2/posts/$POST_ID?force=true"
check "DELETE posts/{id}?force=true" $(is "$CODE $(json '$d["deleted"]')" "200 true"; echo $?) "$CODE"
req DELETE "/wp-json/wp/v2/media/$UP_ID?force=true"
check "DELETE media/{id}?force=true" $(is "$CODE $(json '$d["deleted"]')" "200 true"; echo $?) "$CODE"
req DELETE "/wp-json/wp/v2/pages/$PAGE_ID?force=true"
check "DELETE pages/{id}?force=true" $(is "$CODE $(json '$d["deleted"]')" "200 true"; echo $?) "$CODE"
req DELETE "/wp-json/wp/v2/categories/$CAT_ID?force=true"
check "DELETE categories/{id}?force=true" $(is "$CODE $(json '$d["deleted"]')" "200 true"; echo $?) "$CODE"
req DELETE "/wp-json/wp/v2/tags/$TAG_ID?force=true"
check "DELETE tags/{id}?force=true" $(is "$CODE $(json '$d["deleted"]')" "200 true"; echo $?) "$CODE"
req GET "/wp-json/wp/v2/posts?per_page=1"
check "seeded state restored (25 posts)" $(is "$CODE $(header X-WP-Total)" "200 25"; echo $?) "$CODE, X-WP-Total=$(header X-WP-Total)"

# --- report ------------------------------------------------------------------------
printf '%-4s  %-52s  %s\n' RES CHECK DETAIL
for row in "${ROWS[@]}"; do
    IFS='|' read -r res name detail <<<"$row"
    printf '%-4s  %-52s  %s\n' "$res" "$name" "$detail"
done
echo "smoke: $WP_URL, $((SECONDS - START))s"
echo "$PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
