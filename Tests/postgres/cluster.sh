#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: `cluster.sh start DIR` initialises one in
# DIR (as the postgres user: the server refuses to run as root), listening on a Unix
# socket in DIR, with password authentication and roles for the tests:
#   streaks (owner of the database streaks), alice and bob (one user each, row-level
#   security), app (BYPASSRLS: a backend serving many users), server (CREATEROLE: the streak
#   server's login, acting as each user's role), held (a user whose commits
#   wait for a standby that never comes once it sets synchronous_commit = on: the server
#   names a synchronous standby, and every other session commits locally); every password
#   is 'secret'.
# The server also listens on 127.0.0.1 (a free port, DIR/port, the same for its socket) with
# TLS: a certificate naming localhost only (reached by another name, verify-full must refuse
# it), signed by a throwaway root, DIR/root.crt; DIR/other-root.crt is an unrelated root.
# It prints the owner's URL. `cluster.sh stop DIR` stops it and removes DIR; `pause DIR`
# stops the server and keeps its data, `resume DIR` starts it again (for fault tests).
# FSYNC=on start DIR: a durable server (the benchmarks compare it with the file store).
set -euo pipefail
bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
command=$1 dir=$2
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
serve() {
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-k $dir -c listen_addresses=127.0.0.1 -c port=$(cat "$dir/port") -c fsync=${FSYNC:-off} -c max_connections=400 \
           -c ssl=on -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key \
           -c synchronous_standby_names=nostandby -c synchronous_commit=local" start >/dev/null
}
certificates() { # a root, a server certificate it signs, and an unrelated root
    (
        cd "$dir"
        openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=streaks test root" -keyout root.key -out root.crt
        openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=another root" -keyout other-root.key -out other-root.crt
        openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout server.key -out server.csr
        printf 'subjectAltName=DNS:localhost\n' > server.ext
        openssl x509 -req -in server.csr -CA root.crt -CAkey root.key -CAcreateserial -days 30 -extfile server.ext -out server.crt
        chmod 600 server.key
        [ "$(id -u)" = 0 ] && chown postgres server.key server.crt
    ) >"$dir/openssl.log" 2>&1
}
case "$command" in
start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    echo secret > "$dir/pw"
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' > "$dir/port"
    certificates
    as_postgres "$bin/initdb" -D "$dir/data" -U postgres --pwfile="$dir/pw" --auth=scram-sha-256 >"$dir/initdb.log" 2>&1
    serve
    export PGPASSWORD=secret
    psql -h "$dir" -p "$(cat "$dir/port")" -U postgres -d postgres -q -v ON_ERROR_STOP=1 <<SQL
CREATE ROLE streaks LOGIN PASSWORD 'secret';
CREATE ROLE alice LOGIN PASSWORD 'secret';
CREATE ROLE bob LOGIN PASSWORD 'secret';
CREATE ROLE app LOGIN BYPASSRLS PASSWORD 'secret';
CREATE ROLE server LOGIN CREATEROLE PASSWORD 'secret';
CREATE ROLE held LOGIN PASSWORD 'secret';
CREATE DATABASE streaks OWNER streaks;
SQL
    echo "postgres://streaks:secret@/streaks?host=$dir&port=$(cat "$dir/port")"
    ;;
pause)
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
resume)
    serve
    ;;
stop)
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
*)
    echo "usage: cluster.sh start|pause|resume|stop DIR" >&2
    exit 2
    ;;
esac
