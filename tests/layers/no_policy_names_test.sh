#!/usr/bin/env bash
# The engine knows no policy by name (DESIGN.md): the code of sim/core,
# sim/cluster, sim/serving, sim/metrics and traces/ names neither a system or
# baseline the testbed implements nor a name the policy registry answers to.
# Comments may cite a paper (where a rule or a constant comes from); code and
# strings may not. A hit fails here, naming the line.
#
# sim/serving/batchers/ is left out: it holds the papers' batching rules
# (Proteus' proactive batching, MArk's Nbatch/Wbatch, Clipper's AIMD, Nexus'
# early drop) as engine batchers any policy may use, named after the paper a
# scenario cites them by ("kind": "proteus"); no policy's own batcher is there.
# usage: no_policy_names_test.sh SOURCE_DIR SERVESIM
set -euo pipefail
source_dir=$1
servesim=$2
cd "$source_dir"

# The registry's names, as a string would hold them ("infaas-v2").
registered=$("$servesim" list policies | awk 'NR > 1 { print $1 }')
[[ -n $registered ]] || { echo "servesim list policies printed no policy"; exit 1; }
literals=$(printf '"%s"|' $registered)
literals=${literals%|}

# The systems and baselines, in any case, and MArk, whose name is also an
# English word, only as a name: mark, Mark<Capital>, kMark, mark::, MArk.
families='infaas|proteus|inferline|sagemaker|clipper|sommelier|cg[-_]?(mean|peak)|per[-_]stage|perstage'
mark='\bmark\b|\bMark[A-Z_]|\bkMark|\bmark::|MArk'

status=0
while IFS= read -r -d '' file; do
  # Comments out, line breaks kept (a hit names its line).
  code=$(perl -0pe 's{/\*.*?\*/}{ $& =~ tr/\n//cdr }gse; s{//[^\n]*}{}g' "$file")
  hits=$( (grep -n -i -E "$families" <<<"$code" || true; grep -n -E "$mark|$literals" <<<"$code" || true) | sort -n -u)
  if [[ -n $hits ]]; then
    echo "$file names a policy:"
    echo "$hits"
    status=1
  fi
done < <(find sim/core sim/cluster sim/serving sim/metrics traces \( -name '*.hpp' -o -name '*.cpp' \) \
           -not -path 'sim/serving/batchers/*' -print0 | sort -z)
exit "$status"
