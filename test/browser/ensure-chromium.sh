#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (browser downloads are not possible here): its headless
# shell for most pages, the full browser where notifications are shown. Installs whichever is
# missing, so `npm test` alone sets up a fresh Debian machine.
set -euo pipefail
[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian's chromium and chromium-headless-shell for the browser tests…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-headless-shell >/dev/null
else
  echo "the browser tests need /usr/bin/chromium and /usr/bin/chromium-headless-shell: run 'sudo apt-get install -y chromium chromium-headless-shell'" >&2
  exit 1
fi
