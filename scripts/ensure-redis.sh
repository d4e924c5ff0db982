#!/usr/bin/env bash
# Makes sure the Redis tests (tests/redis) and bench/siwx find Debian's redis-server and redis-cli:
# present: nothing to do. Missing: install the Debian package `redis-server` (scripts/apt-install.sh:
# apt-get as root or through `sudo -n`), as scripts/ensure-chromium.sh does for Chromium. The
# tests start their own servers on free loopback ports, never the package's service.
set -uo pipefail

command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1 && exit 0

HINT="redis-server is missing: run \`sudo apt-get install -y redis-server\` (Debian's package, Redis 7), then run the command again."
bash "$(dirname "$0")/apt-install.sh" redis-server "$HINT" || exit 1
if ! command -v redis-server >/dev/null 2>&1; then
  echo "$HINT (apt-get installed redis-server, yet it is not on the PATH)" >&2
  exit 1
fi
redis-server --version >&2
