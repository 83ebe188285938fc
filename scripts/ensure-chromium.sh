#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (never a downloaded browser). Installs it when we
# may (root), otherwise says how to.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  apt-get update && apt-get install -y chromium fonts-noto-cjk
else
  echo "Install Chromium first: sudo apt-get install -y chromium fonts-noto-cjk"
  exit 1
fi
