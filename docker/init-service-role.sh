#!/bin/sh
# Login roles for the services and the librarian, run once by the postgres image on an empty data
# directory. Their privileges come from membership in engram_service and engram_librarian, which
# `engram migrate` grants (ADR-0004, ADR-0047). The password comes from the environment (ENGRAM_DB_APP_PASSWORD), never from a file
# in the repository; psql quotes it (%L), so any characters are safe here.
set -eu
psql -v ON_ERROR_STOP=1 -v app_password="${ENGRAM_DB_APP_PASSWORD}" -v librarian_password="${ENGRAM_DB_LIBRARIAN_PASSWORD}" --username "${POSTGRES_USER}" --dbname "${POSTGRES_DB}" <<'SQL'
SELECT 'CREATE ROLE engram_service NOLOGIN'
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'engram_service') \gexec
SELECT format('CREATE ROLE engram_app LOGIN PASSWORD %L IN ROLE engram_service', :'app_password')
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'engram_app') \gexec
SELECT 'CREATE ROLE engram_librarian NOLOGIN'
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'engram_librarian') \gexec
SELECT format('CREATE ROLE engram_librarian_app LOGIN PASSWORD %L IN ROLE engram_librarian', :'librarian_password')
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'engram_librarian_app') \gexec
SQL
