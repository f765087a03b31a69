# Sourced by the HTTP benchmarks (bench-http.sh, bench-instructions.sh): the nginx peer,
# serving the very bytes spinnerd sends from files under ROOT/spinner/ with the same
# Cache-Control, keep-alive without limit and no access log.
#   nginx_static_conf FILE ROOT PORT WORKERS [DIRECTIVE…]   (extra top-level directives,
#   e.g. "daemon off;" "master_process off;" to run it in the foreground under valgrind)
nginx_static_conf() {
    local file=$1 root=$2 port=$3 workers=$4
    shift 4
    {
        printf '%s\n' "$@"
        cat <<CONF
worker_processes $workers;
error_log logs/error.log;
pid logs/nginx.pid;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    types { image/gif gif; image/svg+xml svg; image/apng apng; image/webp webp; image/png png; }
    server {
        listen 127.0.0.1:$port reuseport;
        root $root;
        location /spinner/ { add_header Cache-Control "public, max-age=31536000, immutable"; etag on; }
    }
}
CONF
    } >"$file"
}
