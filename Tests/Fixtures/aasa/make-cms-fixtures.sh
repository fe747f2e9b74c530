#!/usr/bin/env bash
# Re-creates the CMS-signed fixtures (iOS 8 application/pkcs7-mime form) from
# cms-signed-body.json with a throw-away self-signed certificate:
#   cms-signed-definite-length.p7    DER, definite lengths (what openssl cms -sign writes)
#   cms-signed-indefinite-length.p7  BER streaming form: indefinite lengths, chunked OCTET STRING
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" -days 3650 -subj "/CN=example.com" 2>/dev/null
openssl cms -sign -nodetach -binary -in "$here/cms-signed-body.json" -signer "$work/cert.pem" -inkey "$work/key.pem" -outform DER -out "$here/cms-signed-definite-length.p7"
openssl cms -sign -nodetach -binary -stream -in "$here/cms-signed-body.json" -signer "$work/cert.pem" -inkey "$work/key.pem" -outform DER -out "$here/cms-signed-indefinite-length.p7"
