#!/usr/bin/env bash
# Makes sure the Redis tests (tests/redis) find Debian's redis-server and redis-cli: present:
# nothing to do. Missing: install the Debian package `redis-server` with apt-get, as root or
# through `sudo -n`, as scripts/ensure-chromium.sh does for Chromium. The package's service is not
# started (the tests start their own servers on free loopback ports). Where neither works: stop at
# once with one line naming the command to run.
set -uo pipefail

command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1 && exit 0

HINT="redis-server is missing: run \`sudo apt-get install -y redis-server\` (Debian's package), then run \`npm test\` again."
if ! command -v apt-get >/dev/null 2>&1; then
  echo "$HINT (this machine has no apt-get: put redis-server and redis-cli 7 on the PATH)" >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
  AS_ROOT=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  AS_ROOT=(sudo -n)
else
  echo "$HINT" >&2
  exit 1
fi

echo "redis-server is missing: installing Debian's redis-server package with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
# policy-rc.d-less containers: the package's service start fails harmlessly without systemd.
if ! { "${AS_ROOT[@]}" apt-get update -qq && "${AS_ROOT[@]}" apt-get install -y -qq redis-server >/dev/null; }; then
  echo "$HINT (apt-get failed: see above)" >&2
  exit 1
fi
if ! command -v redis-server >/dev/null 2>&1; then
  echo "$HINT (apt-get installed redis-server, yet it is not on the PATH)" >&2
  exit 1
fi
redis-server --version >&2
