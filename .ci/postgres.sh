#!/usr/bin/env bash
# A PostgreSQL 15 server for the integration suites' second pass (the first runs on PGlite): installs
# Debian's postgresql when missing, starts the cluster, makes the test role (allowed to create the
# scratch database each test stack gets) and prints the server's URL on stdout. Needs root.
set -euo pipefail

log() { echo "[postgres] $*" >&2; }

if [ ! -x /usr/lib/postgresql/15/bin/postgres ] || ! command -v pg_ctlcluster >/dev/null; then
  log "installing PostgreSQL 15 (apt-get)"
  apt-get update >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 postgresql-common >&2
fi

if ! pg_lsclusters -h | awk '$1 == 15 && $2 == "main" { found = 1 } END { exit !found }'; then
  log "creating cluster 15/main"
  pg_createcluster 15 main >&2
fi
if ! pg_lsclusters -h | awk '$1 == 15 && $2 == "main" && $4 == "online" { found = 1 } END { exit !found }'; then
  log "starting cluster 15/main"
  pg_ctlcluster 15 main start >&2
fi
port=$(pg_lsclusters -h | awk '$1 == 15 && $2 == "main" { print $3 }')

# Superuser: the stack's bootstrap creates roles and extensions as Supabase's does.
runuser -u postgres -- psql -p "$port" -v ON_ERROR_STOP=1 -q >&2 <<'SQL'
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'prepper_test') then
    create role prepper_test login superuser password 'prepper_test';
  end if;
end
$$;
SQL

echo "postgres://prepper_test:prepper_test@127.0.0.1:${port}/postgres"
