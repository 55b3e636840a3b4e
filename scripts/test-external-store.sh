#!/usr/bin/env bash
# The store kit as a product: publishes the artifacts to the local Maven repository, builds the
# example store of examples/store-h2 outside the reactor (its own pom, no parent) and runs the TCK
# on it, then runs the store from its own jar through linkbench.jar's --plugins directory: a load, a
# request phase and verify, each of which must exit 0. MVN_ARGS goes to both Maven runs, e.g.
# MVN_ARGS="-o -Dmaven.repo.local=/path/m2" to publish into a Maven repository of one's own.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q ${MVN_ARGS:-} install -DskipTests
mvn -B -q ${MVN_ARGS:-} -f examples/store-h2/pom.xml verify
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/plugins"
cp examples/store-h2/target/linkbench-store-h2-*.jar "$tmp/plugins/"
java -jar linkbench.jar --plugins "$tmp/plugins" -D store=h2 -D db_path="$tmp/db/linkbench" \
    -D maxid1=2001 -D maxtime=3 -l -r --results "$tmp/results"
java -jar linkbench.jar verify --plugins "$tmp/plugins" -D store=h2 -D db_path="$tmp/db/linkbench"
# the same jar found through LINKBENCH_PLUGINS and --plugins is loaded once, without a name clash
status=0
LINKBENCH_PLUGINS="$tmp/plugins" java -jar linkbench.jar --plugins "$tmp/plugins" --list-keys >/dev/null || status=$?
[ "$status" -eq 0 ] || { echo "test-external-store: --list-keys with the plug-in exited $status" >&2; exit 1; }
echo "test-external-store: the h2 plug-in passed the TCK, loaded, ran and verified from its own jar"
