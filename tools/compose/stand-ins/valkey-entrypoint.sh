#!/bin/sh
# The stand-in valkey image's entrypoint: as the official image, the server runs as the valkey
# user and, started without a configuration file, takes connections from other containers
# (protected mode off: the server is only on the compose network).
set -eu
if [ "${1:-}" = valkey-server ] && [ "$(id -u)" = 0 ]; then
  shift
  exec setpriv --reuid=valkey --regid=valkey --init-groups valkey-server "$@" --protected-mode no
fi
exec "$@"
