#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster and Redis server on loopback for the test suite and
# prints the environment that points the suite at them. PostgreSQL refuses to run as root,
# so the cluster belongs to the `postgres` user. Usage:
#   eval "$(bash scripts/test-services.sh start)"   …   bash scripts/test-services.sh stop
set -euo pipefail

STATE=${QUARRY_SERVICES_DIR:-/tmp/quarry-test-services}
PG_PORT=${QUARRY_TEST_PG_PORT:-5433}
REDIS_PORT=${QUARRY_TEST_REDIS_PORT:-6390}

start() {
  mkdir -p "$STATE"
  local pgbin
  pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  if ! "$pgbin/pg_isready" -h 127.0.0.1 -p "$PG_PORT" -q 2>/dev/null; then
    local pgdata="$STATE/pgdata"
    rm -rf "$pgdata"
    mkdir -p "$pgdata"
    chown postgres "$pgdata" "$STATE" 2>/dev/null || true
    runuser -u postgres -- "$pgbin/initdb" -D "$pgdata" -U postgres --auth=trust -E UTF8 >/dev/null
    runuser -u postgres -- "$pgbin/pg_ctl" -D "$pgdata" -l "$pgdata/log" -w \
      -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $pgdata -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >/dev/null
  fi
  if ! redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    mkdir -p "$STATE/redis"
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
      --dir "$STATE/redis" --pidfile "$STATE/redis.pid" >/dev/null
  fi
  echo "export QUARRY_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "export QUARRY_TEST_REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
}

stop() {
  local pgbin
  pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [ -n "$pgbin" ] && [ -d "$STATE/pgdata" ]; then
    runuser -u postgres -- "$pgbin/pg_ctl" -D "$STATE/pgdata" -m fast stop >/dev/null 2>&1 || true
  fi
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
