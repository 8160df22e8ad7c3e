#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the test suite (issue #10) and prints the DATABASE_URL to use.
# CI runs as root and PostgreSQL refuses to: the cluster is owned by the `postgres` user (created by
# Debian's package), in a fresh directory, listening on 127.0.0.1 only, trust authentication.
# Usage: eval "$(bash .ci/postgres.sh)"   (sets DATABASE_URL; prints nothing when no server can start)
set -u
# A free port unless one is named, so that a second run beside a running server does not collide.
PORT="${FISCALKIT_PG_PORT:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}"
if ! command -v pg_ctl >/dev/null 2>&1 && [ ! -x /usr/lib/postgresql/15/bin/pg_ctl ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get install -y -q postgresql >/dev/null 2>&1 || { echo "echo 'PostgreSQL could not be installed' >&2"; exit 0; }
  else
    echo "echo 'PostgreSQL is not installed: the PostgreSQL suite will skip' >&2"; exit 0
  fi
fi
BIN="$(dirname "$(readlink -f "$(command -v pg_ctl || echo /usr/lib/postgresql/15/bin/pg_ctl)")")"
DATA="$(mktemp -d /tmp/fiscalkit-pg-XXXXXX)"
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$DATA"
run "'$BIN/initdb' -D '$DATA' -U postgres -A trust >/dev/null" || { echo "echo 'initdb failed' >&2"; exit 0; }
run "'$BIN/pg_ctl' -D '$DATA' -o \"-p $PORT -k '$DATA' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" -l '$DATA/log' -w start >/dev/null" || { echo "echo 'PostgreSQL did not start' >&2"; exit 0; }
run "'$BIN/createdb' -h 127.0.0.1 -p $PORT -U postgres fiscalkit" >/dev/null 2>&1
echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/fiscalkit"
echo "export FISCALKIT_PG_DATA=$DATA"
echo "export FISCALKIT_PG_BIN=$BIN"
