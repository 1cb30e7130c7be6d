#!/usr/bin/env bash
# Builds the DocC documentation of every library module that has a catalog
# (Sources/<Module>/<Module>.docc) with the toolchain's `docc`, into docs-out/<Module>.doccarchive.
# Fails when docc reports a warning (broken symbol links, missing articles).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
graphs="$scratch/symbol-graphs"
# Keep earlier symbol graphs: an up-to-date build does not emit them again.
mkdir -p "$graphs" docs-out

modules=()
for catalog in Sources/*/*.docc; do
    [ -d "$catalog" ] || continue
    modules+=("$(basename "$(dirname "$catalog")")")
done
[ "${#modules[@]}" -gt 0 ] || { echo "build-docs: no DocC catalogs found" >&2; exit 1; }

for module in "${modules[@]}"; do
    swift build --scratch-path "$scratch" --target "$module" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs/$module" \
        >/dev/null
    rm -rf "docs-out/$module.doccarchive"
    docc convert "Sources/$module/$module.docc" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "dev.checkoutengine.$module" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --output-path "docs-out/$module.doccarchive" \
        --warnings-as-errors >/dev/null
    echo "build-docs: $module -> docs-out/$module.doccarchive"
done
