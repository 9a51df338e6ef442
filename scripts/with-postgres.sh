#!/usr/bin/env bash
# Run a command with a throw-away PostgreSQL server on loopback; the command sees its admin
# URL in LUDOTECA_TEST_POSTGRES_URL. The server and its data directory go away afterwards.
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
data=$(mktemp -d /tmp/ludoteca-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_owner=()
if [ "$(id -u)" -eq 0 ]; then  # PostgreSQL refuses to run as root
  chown postgres "$data"
  as_owner=(runuser -u postgres --)
fi

stop() {
  "${as_owner[@]}" "$bindir/pg_ctl" -D "$data/db" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$data"
}
trap stop EXIT

"${as_owner[@]}" "$bindir/initdb" -D "$data/db" -U postgres --auth=trust -E UTF8 >/dev/null
"${as_owner[@]}" "$bindir/pg_ctl" -D "$data/db" -l "$data/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $data -c fsync=on -c max_connections=200" start >/dev/null

export LUDOTECA_TEST_POSTGRES_URL="postgresql+psycopg://postgres@127.0.0.1:$port/postgres"
"$@"
