#!/usr/bin/env bash
# Writes the policy registry's part of docs/scenario.schema.json from
# `servesim schema`: the policy names, which params definition each name
# takes, and the params definition of every policy that declares its
# parameters in a table (policies/param_table.hpp). The rest of the schema is
# written by hand.
#   scripts/update_schema.sh           write it
#   scripts/update_schema.sh --check   write nothing; exit 1 naming the file if it is not current
#                                      (the CTest ScenarioSchemaIsCurrent)
#   SERVESIM=path                      that binary instead of building one
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
check=0
case ${1:-} in
  "") ;;
  --check) check=1 ;;
  -h | --help) sed -n 2,11p "$0"; exit 0 ;;
  *) echo "update_schema.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
esac
if [[ -n ${SERVESIM:-} ]]; then
  binary=$SERVESIM
else
  bash scripts/build.sh servesim >/dev/null
  binary=${BUILD_DIR:-build}/servesim
fi
part=$(mktemp)
trap 'rm -f "$part" docs/scenario.schema.json.tmp' EXIT
"$binary" schema >"$part"
python3 - docs/scenario.schema.json "$part" "$check" <<'PY'
import json, os, sys
path, part_path, check = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
with open(path, encoding="utf-8") as f:
    schema = json.load(f)
with open(part_path, encoding="utf-8") as f:
    part = json.load(f)
policy = schema["definitions"]["policy"]
policy["properties"]["name"]["enum"] = part["policy_names"]
policy["allOf"] = part["policy_params_by_name"]
schema["definitions"].update(part["definitions"])
text = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
if check:
    with open(path, encoding="utf-8") as f:
        if f.read() != text:
            sys.exit(f"{path}: not what the policy registry makes (servesim schema): run scripts/update_schema.sh")
    sys.exit(0)
with open(path + ".tmp", "w", encoding="utf-8") as f:
    f.write(text)
os.replace(path + ".tmp", path)
print(f"update_schema.sh: wrote {path}", file=sys.stderr)
PY
