# Loopback port helpers for the scripts that start servers (sourced, not run).

# A free TCP port on 127.0.0.1 (bound to 0 and released).
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits up to 10 s (WAIT_PORT_TENTHS tenths of a second) for something to accept connections on 127.0.0.1:PORT; else says so (naming
# WHAT and, when given, its LOG) and exits 1.  Usage: wait_port PORT [WHAT [LOG]]
wait_port() {
    for _ in $(seq 1 "${WAIT_PORT_TENTHS:-100}"); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    echo "${2:-nothing} did not start on port $1${3:+; see $3}" >&2
    exit 1
}
