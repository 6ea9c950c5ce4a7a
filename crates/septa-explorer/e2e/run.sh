#!/usr/bin/env bash
# End-to-end test of the explorer in headless Chromium: builds the release binary, installs the
# pinned playwright-core (package-lock.json) if needed, and runs explorer.test.mjs with node's test
# runner. Needs /usr/bin/chromium (Debian: apt-get install chromium) or $CHROMIUM.
# Screenshots go to e2e/screenshots/ (gitignored).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cd "$root"
cargo build --release -p septa-explorer
cd "$here"
if [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
export SEPTA_EXPLORER_BIN="${SEPTA_EXPLORER_BIN:-${CARGO_TARGET_DIR:-$root/target}/release/septa-explorer}"
exec node --test explorer.test.mjs
