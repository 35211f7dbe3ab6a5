#!/bin/sh
# The stand-in postgres image's entrypoint: what the official image's docker-entrypoint.sh does
# for this project's compose file. On an empty PGDATA it refuses to start without
# POSTGRES_PASSWORD (in the official image's words), then creates the cluster with
# POSTGRES_USER as its superuser, password authentication over the network, and POSTGRES_DB.
# Then it runs the server as the postgres user.
set -eu

: "${PGDATA:=/var/lib/postgresql/data}"
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 0700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    cat >&2 <<'MESSAGE'
Error: Database is uninitialized and superuser password is not specified.
       You must specify POSTGRES_PASSWORD to a non-empty value for the
       superuser. For example, "-e POSTGRES_PASSWORD=password" on "docker run".
MESSAGE
    exit 1
  fi
  password_file="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$password_file"
  # UTF8, as the official image (its en_US.utf8 locale); C.UTF-8 needs no locales package.
  initdb --username="$POSTGRES_USER" --pwfile="$password_file" --auth-local=trust \
    --encoding=UTF8 --locale=C.UTF-8 \
    --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f "$password_file"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    postgres --single -D "$PGDATA" -c listen_addresses='' postgres >/dev/null <<SQL
CREATE DATABASE "$POSTGRES_DB";
SQL
  fi
  echo "PostgreSQL init process complete; ready for start up."
fi

if [ "$1" = postgres ]; then
  exec "$@" -c listen_addresses='*'
fi
exec "$@"
