#!/usr/bin/env bash
# Bad input to scripts/side_by_side.sh and its page generator: one line on
# stderr naming the file or option, exit 2, before anything runs.
#   bad_input_test.sh SOURCE_DIR SERVESIM WORK_DIR
source "$(dirname "${BASH_SOURCE[0]}")/../sweep/test_support.sh"
source "$(dirname "${BASH_SOURCE[0]}")/tiny_scenario.sh"
write_tiny_scenario "$work/tiny.json"

expect_error() {  # EXPECTED_TEXT COMMAND...
  local want=$1 status=0
  shift
  "$@" >/dev/null 2>"$work/err" || status=$?
  ((status == 2)) || fail "$* exited $status, not 2 ($(cat "$work/err"))"
  [[ $(wc -l <"$work/err") == 1 ]] && grep -qF -- "$want" "$work/err" || fail "$*: stderr [$(cat "$work/err")]"
}
side_by_side() { SERVESIM=$servesim bash "$source_dir/scripts/side_by_side.sh" --out "$work/out" --doc "$work/page.md" "$@"; }
write_page() {
  python3 "$source_dir/scripts/side_by_side/write_page.py" --out "$work/out" --seeds 1 --doc "$work/page.md" \
    --figures "$work/figures" "$@"
}

expect_error "side_by_side.sh: no such scenario file: $work/missing.json" side_by_side "$work/missing.json"
expect_error 'side_by_side.sh: unknown option "--bogus"' side_by_side --bogus "$work/tiny.json"
expect_error 'side_by_side.sh: --seeds expects non-negative integers' side_by_side --seeds 1,x "$work/tiny.json"
expect_error 'side_by_side.sh: --hours expects a positive number of hours, got "0"' side_by_side --hours 0 "$work/tiny.json"
expect_error 'side_by_side.sh: --jobs expects a positive integer' side_by_side --jobs 0 "$work/tiny.json"
expect_error "write_page.py: $work/out/tiny/sweep_points.csv: no such file" write_page "$work/tiny.json"
expect_error "write_page.py: $work/missing.json: no such scenario file" write_page "$work/missing.json"
expect_error 'write_page.py: unrecognized arguments: --bogus' write_page --bogus "$work/tiny.json"
[[ ! -e $work/out && ! -e $work/page.md ]] || fail "bad input left outputs behind"
echo "ok: every mistake was one line and exit 2"
