#!/usr/bin/env bash
# `make serve`: the production layout on one machine (issue #15).
#
# SERVE_PROCESSES (default 2) server processes, `python -m companion.serve`, on
# consecutive ports from PORT (default 8001), plus one Celery worker with beat.
# They live and die together: Ctrl+C, a TERM, or any one of them exiting stops
# all the others, so a half-running set never keeps serving.
# Each server process keeps to its own core (SERVE_CPU=0, 1, ...; wrapping round
# when there are more processes than cores): its threads then hand the
# interpreter to each other on one core (docs/decisions/cpu-pinning.md).
# SERVE_PIN=0 leaves them to the kernel's scheduler.
# Put nginx in front: `python -m deploy.nginx_conf --port $PORT --processes N`.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PY:-.venv/bin/python}
CELERY=${CELERY:-.venv/bin/celery}
n=${SERVE_PROCESSES:-2}
first=${PORT:-8001}
# Pinning is Linux's (sched_setaffinity): elsewhere the default leaves it off.
if [ "$(uname -s)" = Linux ]; then pin=${SERVE_PIN:-1}; else pin=${SERVE_PIN:-0}; fi
if ! [[ $n =~ ^[0-9]+$ ]] || [ "$n" -lt 1 ] || [ "$n" -gt 64 ]; then
  echo "SERVE_PROCESSES must be a number from 1 to 64, got '$n'" >&2; exit 2
fi
if ! [[ $first =~ ^[0-9]+$ ]] || [ "$first" -lt 1 ] || [ $((first + n - 1)) -gt 65535 ]; then
  echo "PORT must be a number from 1 to $((65536 - n)), got '$first'" >&2; exit 2
fi
if [ "$pin" != 0 ] && [ "$pin" != 1 ]; then
  echo "SERVE_PIN must be 1 (each server process on its own core) or 0, got '$pin'" >&2; exit 2
fi
# Without Redis each process would have its own channel layer (a phone on one
# would miss commands sent to another) and Celery would have no broker.
if [ -z "${REDIS_URL:-}" ]; then
  echo "REDIS_URL is needed: it joins the processes and carries Celery's tasks (see README)" >&2; exit 2
fi

pids=()
stop() {
  trap - EXIT INT TERM
  local kids=() kid pid alive tries=0
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  # Celery's own children (its pool, the embedded beat) are noted while their
  # parent is still there: a worker stopped mid-start (seen under load in CI)
  # can exit and leave one running, a second beat by the next start.
  while [ $tries -lt 150 ]; do
    alive=0
    for pid in "${pids[@]}"; do
      if kill -0 "$pid" 2>/dev/null; then
        alive=1
        while read -r kid; do kids+=("$kid"); done < <(pgrep -P "$pid" 2>/dev/null || true)
      fi
    done
    [ $alive -eq 0 ] && break
    tries=$((tries + 1))
    sleep 0.2
  done
  wait || true
  # Each had its parent's warm shutdown to go with it; any still here is ended now.
  for kid in "${kids[@]}"; do kill -KILL "$kid" 2>/dev/null || true; done
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

for ((i = 0; i < n; i++)); do
  if [ "$pin" = 1 ]; then cpu=$i; else cpu=; fi
  PORT=$((first + i)) SERVE_CPU=$cpu "$PY" -m companion.serve &
  pids+=($!)
done
# Beat's schedule file stays out of the project folder; its only job (draining
# the outbox every 30 s) loses nothing when the file is gone.
"$CELERY" -A companion worker --beat --loglevel=info --concurrency=2 \
  --schedule "${CELERY_BEAT_SCHEDULE:-${TMPDIR:-/tmp}/grim-celerybeat-schedule}" &
pids+=($!)

echo "make serve: $n server processes on ports $first-$((first + n - 1)), Celery worker with beat (Ctrl+C stops all)"
# The first one to exit takes the others with it (the EXIT trap).
set +e
wait -n "${pids[@]}"
status=$?
echo "make serve: a process exited (status $status); stopping the others" >&2
exit "$status"
