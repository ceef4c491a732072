#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests and benchmarks.
#
#   test/scripts/postgres.sh COMMAND...   start a cluster, run COMMAND with DATABASE_URL set, then
#                                    stop the cluster and delete it; exits with COMMAND's status
#   test/scripts/postgres.sh restart      restart (as after a crash) the cluster a running COMMAND was given (FLAGPORT_PG_DIR)
#
# Installs Debian's postgresql package when initdb is missing (as root). PostgreSQL refuses to
# run as root, so the cluster belongs to an unprivileged user: `postgres` (made by the package)
# or `nobody`. It listens on a unix socket inside its temporary directory and on a free port of
# 127.0.0.1, and accepts a password (random, in DATABASE_URL) over TCP.
# When no cluster can be started, COMMAND runs without DATABASE_URL: the PostgreSQL tests skip
# locally and fail under CI=true.
set -uo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u "$owner" -- "$@"; else "$@"; fi
}

if [ "${1:-}" = restart ]; then
  bin=$(find_bin)
  owner=$(stat -c %U "$FLAGPORT_PG_DIR/data")
  # immediate: every backend stops at once, as in a crash. A fast stop ends them one by one, so
  # a commit waiting on a lock another backend held may still commit when that lock is freed.
  as_owner "$bin/pg_ctl" -D "$FLAGPORT_PG_DIR/data" -m immediate -w restart >/dev/null
  exit $?
fi
[ $# -gt 0 ] || { echo "usage: test/scripts/postgres.sh COMMAND... | restart" >&2; exit 2; }

bin=$(find_bin)
if [ -z "$bin" ] && [ "$(id -u)" = 0 ]; then
  echo "installing PostgreSQL from Debian packages" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null) ||
    echo "could not install PostgreSQL" >&2
  bin=$(find_bin)
fi

start_cluster() {
  [ -n "$bin" ] || { echo "PostgreSQL is not installed" >&2; return 1; }
  owner=$(id -un)
  if [ "$(id -u)" = 0 ]; then
    if id postgres >/dev/null 2>&1; then owner=postgres; else owner=nobody; fi
  fi
  dir=$(mktemp -d "${TMPDIR:-/tmp}/flagport-pg-XXXXXX") || return 1
  chmod 700 "$dir" && chown "$owner" "$dir" || return 1
  port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  password=$(node -e "console.log(require('crypto').randomBytes(18).toString('hex'))")
  printf '%s\n' "$password" >"$dir/pwfile" && chown "$owner" "$dir/pwfile"
  as_owner "$bin/initdb" -D "$dir/data" -U flagport --pwfile="$dir/pwfile" -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; return 1; }
  rm -f "$dir/pwfile"
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null ||
    { cat "$dir/server.log" >&2; return 1; }
  as_owner "$bin/createdb" -h "$dir" -p "$port" -U flagport flagport || return 1
  export DATABASE_URL="postgresql://flagport:$password@127.0.0.1:$port/flagport"
  export FLAGPORT_PG_DIR="$dir"
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') at 127.0.0.1:$port (cluster in $dir)" >&2
}

stop_cluster() {
  [ -n "${dir:-}" ] || return 0
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1
  rm -rf "$dir"
}

dir=
if ! start_cluster; then
  echo "no PostgreSQL: its tests skip (and fail under CI=true)" >&2
  stop_cluster
  dir=
  unset DATABASE_URL FLAGPORT_PG_DIR
fi
trap stop_cluster EXIT
trap 'exit 130' INT TERM
"$@"
