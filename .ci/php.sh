#!/usr/bin/env bash
# Makes sure PHP 8 with curl and mbstring is here, for the end-to-end test of the official PHP client
# (issue #19, test/php/officialClient.test.ts): when it is missing, installs Debian's php-cli, php-curl
# and php-mbstring with apt-get, as root only. Idempotent: with PHP in place it does nothing. When PHP
# cannot be had it says so on stderr and the test suite skips; it always exits 0, CI goes on.
# Usage: bash .ci/php.sh
set -u
ready() {
  command -v php >/dev/null 2>&1 &&
    php -r 'exit(PHP_MAJOR_VERSION >= 8 && extension_loaded("curl") && extension_loaded("mbstring") ? 0 : 1);' >/dev/null 2>&1
}
ready && exit 0
if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
  echo 'PHP 8 with curl and mbstring is not installed: the PHP client suite will skip' >&2
  exit 0
fi
packages="php-cli php-curl php-mbstring"
# Package lists may be missing (a fresh image): read them once and try again.
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q $packages >/dev/null 2>&1; then
  apt-get update -q >/dev/null 2>&1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q $packages >/dev/null 2>&1
fi
ready || echo 'PHP could not be installed: the PHP client suite will skip' >&2
exit 0
