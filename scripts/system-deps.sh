#!/usr/bin/env bash
# Debian packages the test suite needs: Chromium's headless shell for the browser tests, a PostgreSQL
# server for the persistence tests, and Node.js with npm for axe-core (accessibility checks). Installs only what is missing; never downloads a browser
# any other way.
set -euo pipefail

missing=()
# Debian's Chromium headless shell (the browser tests; the same Blink as `chromium`, lighter).
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || missing+=(postgresql)
command -v npm >/dev/null || missing+=(nodejs npm)
# The optional compiled build (scripts/compile.py): a C compiler and Python's headers.
command -v gcc >/dev/null || missing+=(gcc)
python3 -c 'import os, sysconfig; assert os.path.exists(sysconfig.get_paths()["include"] + "/Python.h")' \
  2>/dev/null || missing+=(python3-dev)
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "system-deps: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  SUDO="sudo"
fi
echo "system-deps: installing ${missing[*]} from Debian" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
