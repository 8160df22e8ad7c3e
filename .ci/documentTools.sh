#!/usr/bin/env bash
# Makes sure the independent judges of issue #22's documents are here: poppler-utils (pdftotext and
# pdftoppm look at every PDF fiscalkit writes as a reader would) and xmlsec1 (verifies the XAdES-EPES
# signature of a signed Facturae independently of the library that made it; openssl makes the tests'
# throwaway certificates). When missing, installs
# Debian's packages with apt-get, as root only. Idempotent: with both in place it does nothing. When
# they cannot be had it says so on stderr and the tests that need them skip; it always exits 0.
# Usage: bash .ci/documentTools.sh
set -u
ready() {
  command -v pdftotext >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1 && command -v xmlsec1 >/dev/null 2>&1 && command -v openssl >/dev/null 2>&1
}
ready && exit 0
if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
  echo 'poppler-utils or xmlsec1 is not installed: the PDF rendering and signature verification tests will skip' >&2
  exit 0
fi
packages="poppler-utils xmlsec1 openssl"
# Package lists may be missing (a fresh image): read them once and try again.
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q $packages >/dev/null 2>&1; then
  apt-get update -q >/dev/null 2>&1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q $packages >/dev/null 2>&1
fi
ready || echo 'poppler-utils or xmlsec1 could not be installed: the tests that need them will skip' >&2
exit 0
