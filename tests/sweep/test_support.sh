# Sourced first by every test in this folder, with the test's arguments
# SOURCE_DIR SERVESIM WORK_DIR: sets them, gives fail(), and starts from an
# empty WORK_DIR (ctest reruns reuse the folder).
set -euo pipefail
source_dir=$1 servesim=$2 work=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"
out=$work/sweep
quickstart=$source_dir/configs/scenarios/quickstart.json
