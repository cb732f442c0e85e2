#!/usr/bin/env bash
# Fails when clang-tidy, with the checks of .clang-tidy, finds something in a project .cpp or
# in a project header one includes. Usage: scripts/check-tidy.sh [BUILD_DIR [FILE...]]
#   BUILD_DIR: a clang build configured with -DRINGMASTER_TESTS=ON, for its
#   compile_commands.json (default: build-clang; nothing in it needs to be built).
#   FILE...: only these .cpp files (default: every one under scales engine ringmaster tests bench).
# A file's clean result is cached under $RINGMASTER_TIDY_CACHE (default
# ~/.cache/ringmaster-tidy), keyed by a hash of its preprocessed source (clang++ -E with the
# file's own flags), those flags, .clang-tidy and the clang-tidy version, all with the
# checkout's path taken out so that every clone shares the cache: only files whose key
# changed are checked again; a file with findings is never cached. Runs on every core.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/build-clang}
shift || true
cache=${RINGMASTER_TIDY_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ringmaster-tidy}
tidy=${CLANG_TIDY:-clang-tidy}
if [ ! -f "$build/compile_commands.json" ]; then
  echo "check-tidy: no compile_commands.json in $build (configure a clang build there first)" >&2
  exit 2
fi
command -v "$tidy" >/dev/null || {
  echo "check-tidy: $tidy not found (scripts/install-deps.sh installs it)" >&2
  exit 2
}
build=$(cd "$build" && pwd)
cd "$top"
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(find scales engine ringmaster tests bench -name '*.cpp' | sort)
fi
exec python3 - "$top" "$build" "$cache" "$tidy" "$(nproc)" "${files[@]}" <<'EOF'
import concurrent.futures, hashlib, json, os, re, shlex, subprocess, sys

top, build, cache, tidy, jobs, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], \
    int(sys.argv[5]), sys.argv[6:]
commands = {}
for entry in json.load(open(os.path.join(build, "compile_commands.json"))):
    path = os.path.normpath(os.path.join(entry["directory"], entry["file"]))
    commands.setdefault(path, (entry["directory"],
                               entry.get("arguments") or shlex.split(entry["command"])))
missing = [f for f in files if os.path.join(top, f) not in commands]
if missing:
    sys.exit("check-tidy: not in %s/compile_commands.json (a build configured with "
             "-DRINGMASTER_TESTS=ON has them all): %s" % (build, " ".join(missing)))
salt = open(os.path.join(top, ".clang-tidy"), "rb").read() + subprocess.run(
    [tidy, "--version"], check=True, capture_output=True).stdout
header_filter = "^%s/(scales|engine|ringmaster|tests|bench)/" % re.escape(top)

def check(f):
    """(f, True if from the cache, findings or None)"""
    path = os.path.join(top, f)
    directory, words = commands[path]
    # the compiler and its flags, without the output and the source
    flags, skip = [], False
    for w in words[1:]:
        if skip: skip = False
        elif w == "-o": skip = True
        elif w != "-c" and w != path and os.path.normpath(os.path.join(directory, w)) != path:
            flags.append(w)
    pre = subprocess.run([words[0], *flags, "-E", path, "-o", "-"], cwd=directory,
                         capture_output=True)
    if pre.returncode != 0:
        return f, False, pre.stderr.decode(errors="replace")
    h = hashlib.sha256(salt)
    for part in ["\0".join([words[0], *flags]).encode(), pre.stdout]:
        h.update(part.replace(top.encode(), b"@TOP@"))
    key = os.path.join(cache, h.hexdigest())
    if os.path.exists(key):
        return f, True, None
    run = subprocess.run([tidy, "--quiet", "-p", build, "--header-filter=" + header_filter,
                          "--warnings-as-errors=*", path], capture_output=True)
    out = (run.stdout + run.stderr).decode(errors="replace")
    if run.returncode != 0 or re.search(r": (warning|error):", out):
        return f, False, out
    os.makedirs(cache, exist_ok=True)
    open(key, "w").close()
    return f, False, None

# Findings are printed as files finish; a header's finding, once for all files including it.
cached, bad, seen = 0, [], set()
with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
    for f, from_cache, out in pool.map(check, files):
        cached += from_cache
        if out is None:
            continue
        bad.append(f)
        out = "\n".join(l for l in out.replace(top + "/", "").splitlines()
                        if not re.match(r"\d+ (warnings?|errors?)( and \d+ errors?)? generated\.$", l))
        for block in re.split(r"\n(?=\S+:\d+:\d+: (?:warning|error):)", out.strip()):
            if block not in seen:
                seen.add(block)
                print(block, flush=True)
print("check-tidy: %d files, %d from the cache, %d checked%s" % (
    len(files), cached, len(files) - cached,
    ": findings in " + " ".join(bad) if bad else ", no findings"))
sys.exit(1 if bad else 0)
EOF
