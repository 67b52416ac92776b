#!/usr/bin/env bash
# What users write by hand instead of the action: curl and jq in a run: step, the plain way
# (fixed 5 s polling; analytics pages of 250 fetched one after another). The benchmark's baseline.
#   reference.sh job        POST a job, then GET every 5 s until it is terminal
#   reference.sh analytics  read every page of visitors for DATE_FROM..DATE_TO
set -euo pipefail
: "${BASE_URL:?}" "${API_KEY:?}" "${PROJECT_ID:?}"
auth="Authorization: Bearer $API_KEY"

case "${1:?job or analytics}" in
  job)
    body=$(jq -n --arg prompt "${PROMPT:-Document the change}" '{prompt: $prompt}')
    job=$(curl -sS -X POST "$BASE_URL/v2/agent/$PROJECT_ID/job" -H "$auth" -H 'Content-Type: application/json' -d "$body")
    id=$(jq -r .id <<<"$job")
    while :; do
      sleep 5
      status=$(curl -sS "$BASE_URL/v2/agent/$PROJECT_ID/job/$id" -H "$auth" | jq -r .status)
      case "$status" in completed | archived | failed) break ;; esac
    done
    echo "status=$status"
    ;;
  analytics)
    out=$(mktemp -d)
    offset=0
    while :; do
      page=$(curl -sS "$BASE_URL/v1/analytics/$PROJECT_ID/visitors?dateFrom=$DATE_FROM&dateTo=$DATE_TO&limit=250&offset=$offset" -H "$auth")
      jq -c '.visitors[]' <<<"$page" >>"$out/rows.jsonl"
      [ "$(jq -r .hasMore <<<"$page")" = true ] || break
      offset=$((offset + 250))
    done
    jq -r '"total=\(.totals.total) human=\(.totals.human) ai=\(.totals.ai)"' <<<"$page"
    jq -s 'sort_by(-.total, .path)' "$out/rows.jsonl" >"$out/visitors.json"
    echo "pages=$(wc -l <"$out/rows.jsonl")"
    rm -rf "$out"
    ;;
esac
