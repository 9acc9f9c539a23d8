# Phases with timings for .ci/run and scripts/test.sh (docs/adr/0055-ci-in-budget.md). Source it, then:
#   phase "name" command args...   runs the command as a phase (a function or a program; `set -e` holds inside)
#   phase_table                     prints each phase's time and the total of the outermost phases
# Phases nested in a phase (npm test's steps under .ci/run) are listed indented under it and not counted twice.
# Past CI_TARGET_SECONDS (25 minutes, the target) the table says so; it fails (status 1) only past CI_BUDGET_SECONDS
# (80 minutes, before CI's hard 90): the same commit ran 21 and 50 minutes on this machine on one day, so a failing
# 40-minute line turned the machine's slow hours into lost work (docs/adr/0064-ci-target-and-limit.md).

: "${CI_TARGET_SECONDS:=1500}"
: "${CI_BUDGET_SECONDS:=4800}"
if [ -z "${CI_PHASES_FILE:-}" ]; then
  CI_PHASES_FILE="$(mktemp)"
  export CI_PHASES_FILE
fi
: "${CI_PHASE_DEPTH:=0}"

phase() {
  local name="$1"
  shift
  echo "== ${name}"
  local start=$SECONDS rc=0
  # In the background and waited for: a function run as `if f` or `f || …` would ignore `set -e` inside it.
  (CI_PHASE_DEPTH=$((CI_PHASE_DEPTH + 1)) && export CI_PHASE_DEPTH && "$@") &
  wait $! || rc=$?
  printf '%s\t%s\t%s\t%s\n' "$CI_PHASE_DEPTH" "$name" "$((SECONDS - start))" "$([ $rc -eq 0 ] && echo ok || echo FAILED)" \
    >>"$CI_PHASES_FILE"
  return $rc
}

# lanes NAME COMMAND [NAME COMMAND ...]: runs each command (a function that runs its phases one after another and
# stops at the first that fails, by `set -e`) at once with the others, every line of its output marked with its
# lane's name; waits for them all and fails if any failed. For phases that wait on the network or sleep as much as
# they compute, or that each use one core (docs/adr/0095-ci-phases-side-by-side.md). Like a phase, call it as a
# statement of its own: called from an `if`, `||` or `&&`, bash ignores `set -e` in everything it runs, and a lane
# would go on past a failed phase.
lanes() {
  local pids=() names=() rc=0 i
  while [ $# -gt 1 ]; do
    names+=("$1")
    # pipefail (set by the callers) gives the lane's status, not sed's.
    ("$2" 2>&1 | sed -u "s/^/[$1] /") &
    pids+=($!)
    shift 2
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || { echo "lane ${names[$i]} failed"; rc=1; }
  done
  return $rc
}

phase_table() {
  [ -s "$CI_PHASES_FILE" ] || return 0
  awk -F'\t' -v budget="$CI_BUDGET_SECONDS" -v target="$CI_TARGET_SECONDS" '
    function mmss(s) { return sprintf("%d:%02d", s / 60, s % 60) }
    { depth[NR] = $1; name[NR] = $2; secs[NR] = $3; state[NR] = $4; if ($1 == 0) total += $3 }
    END {
      # A nested phase is written before the phase around it: print each outer phase, then what ran inside it.
      print ""; printf "%-44s %8s  %s\n", "phase", "time", ""
      for (i = 1; i <= NR; i++) {
        if (depth[i] != 0) continue
        printf "%-44s %8s  %s\n", name[i], mmss(secs[i]), state[i] == "ok" ? "" : state[i]
        for (j = last + 1; j < i; j++)
          printf "  %-42s %8s  %s\n", name[j], mmss(secs[j]), state[j] == "ok" ? "" : state[j]
        last = i
      }
      printf "%-44s %8s\n", "total", mmss(total)
      if (total > budget) { printf "Over the limit of %s: make CI faster before adding to it.\n", mmss(budget); exit 1 }
      if (total > target) printf "Over the target of %s (a slow machine, or CI to make faster: compare the phases).\n", mmss(target)
    }' "$CI_PHASES_FILE"
}
