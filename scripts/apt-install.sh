#!/usr/bin/env bash
# Installs one Debian package with apt-get, as root or through `sudo -n` (never a download of its
# own), for the ensure-*.sh scripts: `bash scripts/apt-install.sh PACKAGE "HINT"`. Where neither
# root nor sudo works, or apt-get fails, prints HINT (one line naming the command to run) and exits 1.
set -uo pipefail
PACKAGE=$1
HINT=$2

if ! command -v apt-get >/dev/null 2>&1; then
  echo "$HINT (this machine has no apt-get)" >&2
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

echo "Installing Debian's $PACKAGE package with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
if ! { "${AS_ROOT[@]}" apt-get update -qq && "${AS_ROOT[@]}" apt-get install -y -qq "$PACKAGE" >/dev/null; }; then
  echo "$HINT (apt-get failed: see above)" >&2
  exit 1
fi
