#!/usr/bin/env bash
# What `npm test` does before vitest (its `pretest`): Debian's Chromium, then side by side on the
# cores the layering check and the client's two builds (the production page and the browser tests'
# copy, each in its own folder). One after another they took about 6 s of a run's wall time, each on
# one core. Any of them failing stops the run before a test starts.
set -euo pipefail
cd "$(dirname "$0")/.."
bash test/browser/ensure-chromium.sh
npm run --silent layers &
layers=$!
vite build --logLevel warn &
page=$!
vite build --mode e2e --logLevel warn &
e2e=$!
wait "$layers"
wait "$page"
wait "$e2e"
