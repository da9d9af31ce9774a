#!/bin/sh
# Initializes $PGDATA on first start (superuser password from POSTGRES_PASSWORD_FILE, database POSTGRES_DB,
# then every /docker-entrypoint-initdb.d/*.sql in it), then runs Postgres with password authentication.
set -eu
: "${POSTGRES_PASSWORD_FILE:?set POSTGRES_PASSWORD_FILE}"
db=${POSTGRES_DB:-postgres}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  initdb -D "$PGDATA" -U postgres --pwfile="$POSTGRES_PASSWORD_FILE" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  [ "$db" = postgres ] || psql -v ON_ERROR_STOP=1 -qU postgres -c "CREATE DATABASE \"$db\""
  for file in /docker-entrypoint-initdb.d/*.sql; do
    [ -e "$file" ] && psql -v ON_ERROR_STOP=1 -qU postgres -d "$db" -f "$file"
  done
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "postgres: initialized $PGDATA"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
