#!/usr/bin/env bash
# Makes the Excel test fixtures again with a real spreadsheet program: LibreOffice converts the flat ODS sheets
# in tests/fixtures/excel/src/ to .xls (Excel 97–2003) and, for students, also to .xlsx, beside src/.
# The fixtures are committed, so the tests never need LibreOffice; run this only after changing a source sheet.
# Debian: apt-get install -y --no-install-recommends libreoffice-calc-nogui
set -euo pipefail
cd "$(dirname "$0")/../tests/fixtures/excel"
if ! command -v soffice >/dev/null; then
  echo 'LibreOffice (soffice) is needed: apt-get install -y --no-install-recommends libreoffice-calc-nogui' >&2
  exit 1
fi
# A throwaway profile, so a LibreOffice open elsewhere neither blocks nor changes the conversion.
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
convert() {
  local target="${2##*/}"
  target="${target%.fods}.${1%%:*}"
  rm -f "$target"
  soffice "-env:UserInstallation=file://$profile" --headless --norestore --convert-to "$1" --outdir . "$2" >"$profile/log" 2>&1 || true
  if [ ! -s "$target" ]; then
    cat "$profile/log" >&2
    echo "LibreOffice did not write $target" >&2
    exit 1
  fi
}
for source in src/*.fods; do
  convert 'xls:MS Excel 97' "$source"
done
convert 'xlsx:Calc MS Excel 2007 XML' src/students.fods
ls -l ./*.xls ./*.xlsx
