# One sweep point, run safely and resumably. Sourced by scripts/sweep.sh (the
# local backend) and scripts/sweep_task.sh (one Slurm array task), so a point
# runs the same way, into the same folder, on either backend.
#
# The caller sets: sweep_binary, sweep_scenario, sweep_out (absolute paths)
# and the array sweep_extra (arguments for every `servesim run`).
#
# A point runs into a temporary folder OUT/.tmp-<point>.XXXXXX and is renamed
# to OUT/<point> only when servesim succeeded and point.json is written, so a
# folder named like a point is always complete; an interrupted run leaves only
# a .tmp-* folder, which the next sweep removes. point.json records the point's
# parameters and a hash of the scenario text, its overrides and seed (and the
# extra arguments): a later sweep skips a point whose hash matches.

# A point's folder is made private by mktemp; it ends as a folder mkdir would
# make (755 under the usual umask 022).
sweep_folder_mode=$(printf '%o' $((0777 & ~$(umask))))

# The hash that marks a point done: the scenario file's sha256, then the
# point's --set assignments (seed included) and the extra arguments.
sweep_point_hash() {  # SCENARIO_SHA256 SET...
  printf '%s\n' "$@" -- "${sweep_extra[@]}" | sha256sum | cut -c1-64
}

sweep_point_done() {  # POINT HASH
  local file=$sweep_out/$1/point.json
  [[ -f $file ]] && grep -qF "\"hash\": \"$2\"" "$file"
}

sweep_json_string() {  # TEXT -> a JSON string literal (values never hold tabs or newlines)
  local s=${1//\\/\\\\}
  printf '"%s"' "${s//\"/\\\"}"
}

# point.json: the parameters (name from the folder name, path, value as given),
# the hash, and the wall time (for the progress line's estimate).
sweep_write_point_json() {  # FILE HASH WALL_S SET...
  local file=$1 hash=$2 wall=$3 s name i=0 sep=""
  shift 3
  {
    printf '{\n  "parameters": ['
    for s in "$@"; do
      name=${point_columns[i]}
      printf '%s\n    {"name": %s, "path": %s, "value": %s}' "$sep" "$(sweep_json_string "$name")" \
        "$(sweep_json_string "${s%%=*}")" "$(sweep_json_string "${s#*=}")"
      sep=,
      i=$((i + 1))
    done
    printf '\n  ],\n  "hash": "%s",\n  "wall_s": %s\n}\n' "$hash" "$wall"
  } >"$file"
}

# One line per finished point in OUT/.progress (appended; a line is far below
# PIPE_BUF, so concurrent appends do not interleave), read by the progress line.
sweep_log_progress() {  # ok|failed POINT [WALL_S|EXIT_STATUS]
  printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$sweep_out/.progress"
}

# Runs POINT (skipping it when done). Returns 0, or servesim's exit status.
# The caller's array point_columns names each SET's column, in order (every
# point of a sweep sets the same paths in the same order).
sweep_run_point() {  # POINT HASH SET...
  local point=$1 hash=$2
  shift 2
  sweep_point_done "$point" "$hash" && return 0
  local final=$sweep_out/$point tmp args=() s start status=0 child old=""
  tmp=$(mktemp -d "$sweep_out/.tmp-$point.XXXXXX")
  for s in "$@"; do args+=(--set "$s"); done
  start=$(date +%s%N)
  "$sweep_binary" run "$sweep_scenario" "${args[@]}" --out "$tmp" --quiet "${sweep_extra[@]}" >"$tmp/run.log" 2>&1 &
  child=$!
  # Ctrl-C or a cancelled task stops servesim too; the .tmp-* folder stays
  # behind, never mistaken for a result.
  trap 'kill -TERM "$child" 2>/dev/null; exit 143' TERM INT
  wait "$child" || status=$?
  trap - TERM INT
  if ((status != 0)); then
    echo "$status" >"$tmp/exit_status"
    rm -rf "$final.failed"
    mv "$tmp" "$final.failed"
    chmod "$sweep_folder_mode" "$final.failed"
    sweep_log_progress failed "$point" "$status"
    return "$status"
  fi
  local ns=$(($(date +%s%N) - start))
  local wall
  wall=$(printf '%d.%03d' $((ns / 1000000000)) $((ns / 1000000 % 1000)))
  sweep_write_point_json "$tmp/point.json" "$hash" "$wall" "$@"
  # A folder left from another scenario text or other overrides is replaced,
  # moved aside first because mv will not rename onto a non-empty folder.
  if [[ -e $final ]]; then
    old=$(mktemp -d "$sweep_out/.old-$point.XXXXXX")
    mv "$final" "$old/"
  fi
  mv "$tmp" "$final"
  chmod "$sweep_folder_mode" "$final"  # mktemp made it 700
  rm -rf "$final.failed" ${old:+"$old"}
  sweep_log_progress ok "$point" "$wall"
}
