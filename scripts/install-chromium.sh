#!/usr/bin/env bash
# Installs Debian's chromium package, which the HTML report's test uses to open report.html in a
# headless browser, unless /usr/bin/chromium is already there. Idempotent; quiet on success; exits
# non-zero with a one-line message on failure. The package lists are updated first unless a start script
# just did (apt's output: /var/tmp/linkbench-apt/apt.log; scripts/lib/packages.sh).
set -euo pipefail

LB_NAME=install-chromium
# shellcheck source-path=SCRIPTDIR source=lib/packages.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/packages.sh"

[ -x /usr/bin/chromium ] && exit 0
lb_apt_install chromium || exit 1
[ -x /usr/bin/chromium ] || { lb_err "chromium installed but /usr/bin/chromium is missing (see $(lb_apt_log))"; exit 1; }
