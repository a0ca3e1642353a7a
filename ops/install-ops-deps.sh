#!/usr/bin/env bash
# Debian packages the operations drills need (docs/operations.md): pgBackRest for backups and
# point-in-time recovery, pg_auto_failover for the failover drill. Not needed to run or test the
# product; installs only what is missing.
set -euo pipefail
missing=()
command -v pgbackrest >/dev/null 2>&1 || missing+=(pgbackrest)
command -v pg_autoctl >/dev/null 2>&1 || missing+=(postgresql-15-auto-failover pg-auto-failover-cli)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} from Debian's packages"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
