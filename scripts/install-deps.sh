#!/usr/bin/env bash
# Installs what Ringmaster needs to build and test, from Debian 12 (bookworm) only.
# Idempotent: when everything is present it does no network work and returns at once.
set -euo pipefail

packages=(
  g++ cmake make pkg-config
  libboost1.81-dev libboost-filesystem1.81-dev libboost-system1.81-dev
  libyaml-cpp-dev libsqlite3-dev sqlite3 nlohmann-json3-dev catch2
  libcli11-dev libfmt-dev libmuparser-dev zlib1g-dev
  # the HTTP server of `ringmaster serve`
  libcpp-httplib-dev
  gnugo procps ccache
  # the tuner-evidence scripts (bench/tuner_evidence)
  python3
  # the format check (scripts/check-format.sh), the clang build and the clang-tidy gate
  # (scripts/test.sh, scripts/check-tidy.sh)
  clang-format clang clang-tidy
  # a one-node Slurm cluster for the slurm executor's tests (scripts/slurm-cluster.sh)
  slurm-wlm slurmctld slurmd slurm-client munge
  # headless browser that checks the HTML reports in the tests
  chromium fonts-dejavu-core
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "installing: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
else
  SUDO=
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
