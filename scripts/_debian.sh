# Sourced by scripts/test and .ci/run: the Debian packages the suites drive for
# real, listed once here, and how they are installed when missing.
#
#   nginx-light   tests/deploy: the balancer of deploy/nginx.conf in front of two replicas
#   redis-server  tests/faults: Redis servers of their own, on free ports
#   postgresql    tests/faults: PostgreSQL clusters of their own (initdb, pg_ctl)
#   chromium      tests/pictures, tests/web, the docs UI test: headless, Debian's
#                 package (never a browser download)
#   pgbouncer     tests/store, tests/service: PgBouncer in transaction mode of its
#                 own, on a free port, in front of the suites' PostgreSQL
#
# Each entry: the package, then the file that shows it installed (a glob), then
# the command that may stand for that file when it is installed elsewhere.
DEBIAN_PACKAGES=(
  "nginx-light /usr/sbin/nginx nginx"
  "redis-server /usr/bin/redis-server redis-server"
  "postgresql /usr/lib/postgresql/*/bin/initdb initdb"
  "chromium /usr/bin/chromium chromium"
  "pgbouncer /usr/sbin/pgbouncer pgbouncer"
)

# The packages of DEBIAN_PACKAGES that are not installed, one a line.
debian_missing() {
  local entry package file command
  for entry in "${DEBIAN_PACKAGES[@]}"; do
    read -r package file command <<<"$entry"
    if ! compgen -G "$file" >/dev/null && ! command -v "$command" >/dev/null 2>&1; then
      echo "$package"
    fi
  done
}

# Install whatever is missing: with apt-get, as root; otherwise say exactly how
# and return 1. `ensure_debian_packages WHO` (WHO names the caller in messages).
ensure_debian_packages() {
  local who="${1:-scripts/test}" missing
  missing=$(debian_missing | tr '\n' ' ')
  missing="${missing% }"
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "$who: installing the Debian packages the suites need: $missing"
    # (word splitting of $missing is wanted: one argument a package)
    # shellcheck disable=SC2086
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq --no-install-recommends $missing || {
      echo "$who: FATAL: apt-get could not install: $missing" >&2
      return 1
    }
    missing=$(debian_missing | tr '\n' ' ')
    [ -z "${missing% }" ] && return 0
    echo "$who: FATAL: still missing after apt-get: $missing" >&2
    return 1
  fi
  {
    echo "$who: the test suites need these Debian packages, not installed here: $missing"
    if [ "$(id -u)" = 0 ]; then
      echo "  (no apt-get on this machine: install their equivalents, then rerun)"
    else
      echo "  install them (as root), then rerun:"
      echo "    sudo apt-get update && sudo apt-get install -y --no-install-recommends $missing"
    fi
  } >&2
  return 1
}
