#!/usr/bin/env bash
# Makes sure the end-to-end tests and benches find Debian's Chromium (tests/e2e/browser.ts):
# present: nothing to do. Missing: install the Debian package `chromium` (scripts/apt-install.sh:
# apt-get as root or through `sudo -n`; never a browser download). Where neither works: stop at once with one line
# naming the command to run. CHROMIUM_PATH, when set, names a browser the caller provides: it is
# checked, never installed.
set -uo pipefail

if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable: point it at a Chromium, or unset it to use Debian's /usr/bin/chromium." >&2
  exit 1
fi
[ -x /usr/bin/chromium ] && exit 0

HINT="Chromium is missing: run \`sudo apt-get install -y chromium\` (Debian's package, /usr/bin/chromium), then run \`npm test\` again."
bash "$(dirname "$0")/apt-install.sh" chromium "$HINT" || exit 1
if [ ! -x /usr/bin/chromium ]; then
  echo "$HINT (apt-get installed chromium, yet /usr/bin/chromium is not there)" >&2
  exit 1
fi
/usr/bin/chromium --version >&2
