#!/usr/bin/env bash
# Installs Debian's chromium package, which the HTML report's test uses to open report.html in a
# headless browser, unless /usr/bin/chromium is already there. Idempotent; quiet on success; exits
# non-zero with a one-line message on failure (the apt output goes to LINKBENCH_CHROMIUM_LOG,
# default /tmp/install-chromium-apt.log).
set -euo pipefail

log="${LINKBENCH_CHROMIUM_LOG:-/tmp/install-chromium-apt.log}"

fail() { echo "install-chromium: $*" >&2; exit 1; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

if [ -x /usr/bin/chromium ]; then
    exit 0
fi
command -v apt-get >/dev/null 2>&1 || fail "chromium is not installed and apt-get is not available: install Debian's chromium package"
as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q >"$log" 2>&1 \
    || fail "apt-get update failed (see $log)"
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >>"$log" 2>&1 \
    || fail "apt-get install chromium failed (see $log)"
[ -x /usr/bin/chromium ] || fail "chromium installed but /usr/bin/chromium is missing (see $log)"
