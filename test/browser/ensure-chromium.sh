#!/usr/bin/env bash
# The browser tests drive Debian's chromium (browser downloads are not possible here): install it
# when it is missing, so `npm test` alone sets up a fresh Debian machine.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian's chromium for the browser tests…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
else
  echo "the browser tests need /usr/bin/chromium: run 'sudo apt-get install -y chromium'" >&2
  exit 1
fi
