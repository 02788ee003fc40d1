#!/usr/bin/env python3
"""Serving a picture from the store beside one from a node's own folder (issue 32, docs/SCALING.md).

Starts Redis and two swipe-server nodes on loopback ports chosen here (node A with a --decks folder
of COUNT small and min(COUNT, 30) large distinct pictures, node B without it), creates a room of that deck on node A over a raw
WebSocket, then times GET /rooms/CODE/cards/ID/picture on kept-alive HTTP connections:
  A, own folder     every picture from node A (its deck library, in memory)
  B, from the store each picture's first GET on node B (a Redis GET on the loop, tag check, decode check)
  B, kept           the same pictures again on node B (its PictureCache)
for two picture sizes. Prints median and p99 in milliseconds. Not run by CI; stops what it started.
Usage (repository root): python3 scripts/bench-pictures.py [SERVER_BINARY] [COUNT]
"""
import base64, http.client, os, random, shutil, signal, socket, struct, subprocess, sys, tempfile, time, zlib

server = sys.argv[1] if len(sys.argv) > 1 else ".build/release/swipe-server"
count = int(sys.argv[2]) if len(sys.argv) > 2 else 60

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close(); return port

def wait_port(port, what):
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close(); return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"{what} did not start on port {port}")

def png(width, height, seed, noisy):
    """An 8-bit RGB PNG: a gradient (small when compressed) or noise (about width*height*3 bytes)."""
    rng = random.Random(seed)
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        if noisy:
            raw.extend(rng.randbytes(width * 3))
        else:
            raw.extend(bytes(((x * 4 + seed) % 256, (y * 4) % 256, seed % 256)[i] for x in range(width) for i in range(3)))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b""))

def create_room(port, deck):
    """A room of `deck` created over a raw WebSocket; returns its code (the socket is kept open)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    buffer = b""
    while b"\r\n\r\n" not in buffer: buffer += sock.recv(4096)
    buffer = buffer.split(b"\r\n\r\n", 1)[1]
    payload = ('{"type":"create","name":"Ann","deck":"%s"}' % deck).encode()
    mask = os.urandom(4)
    sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    deadline = time.time() + 5
    while b'"code":"' not in buffer or b'"' not in buffer.split(b'"code":"', 1)[1]:
        if time.time() > deadline: sys.exit("no welcome: %r" % buffer[:300])
        buffer += sock.recv(65536)
    return buffer.split(b'"code":"', 1)[1].split(b'"', 1)[0].decode(), sock

def timed_gets(port, paths):
    """Each path once on one kept-alive connection; the milliseconds of each (status and bytes checked)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    times = []
    for path in paths:
        start = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse(); body = response.read()
        times.append((time.perf_counter() - start) * 1000)
        if response.status != 200 or not body: sys.exit(f"GET {path} on {port}: {response.status} {body[:200]!r}")
    connection.close()
    return times

def summary(times):
    times = sorted(times)
    return "median %.3f ms, p99 %.3f ms (n=%d)" % (times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.99))], len(times))

work = tempfile.mkdtemp(prefix="swipe-bench-pictures-")
processes = []
try:
    decks = os.path.join(work, "decks"); os.makedirs(decks)
    # (name, width, height, noisy, how many): 30 large ones (~23 MB) fit node B's cache (32 MiB).
    kinds = [("small", 64, 64, False, count), ("large", 512, 512, True, min(count, 30))]
    cards = []
    for name, width, height, noisy, many in kinds:
        for index in range(many):
            data = png(width, height, index + (1000 if noisy else 0), noisy)
            with open(os.path.join(decks, f"{name}{index}.png"), "wb") as f: f.write(data)
            cards.append('{"id":"%s%d","title":"%s %d","picture":"%s%d.png"}' % (name, index, name, index, name, index))
    sizes = {name: len(png(w, h, 1000 if noisy else 0, noisy)) for name, w, h, noisy, _ in kinds}
    with open(os.path.join(decks, "bench.json"), "w") as f: f.write('{"name":"bench","cards":[%s]}' % ",".join(cards))
    redis_port, port_a, port_b = free_port(), free_port(), free_port()
    processes.append(subprocess.Popen(["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "",
                                       "--appendonly", "no", "--dir", work], stdout=subprocess.DEVNULL))
    wait_port(redis_port, "redis-server")
    common = ["--host", "127.0.0.1", "--log-level", "error", "--store", f"redis://127.0.0.1:{redis_port}"]
    processes.append(subprocess.Popen([server, "--port", str(port_a), "--decks", decks] + common))
    processes.append(subprocess.Popen([server, "--port", str(port_b)] + common))
    wait_port(port_a, "node A"); wait_port(port_b, "node B")
    code, host = create_room(port_a, "bench")
    print(f"node A has the pictures in its --decks, node B has not; room {code}")
    for name, _, _, _, many in kinds:
        paths = [f"/rooms/{code}/cards/{name}{i}/picture" for i in range(many)]
        timed_gets(port_a, paths[:5]); timed_gets(port_b, [f"/rooms/{code}/cards/small0/picture"] if name == "small" else [])
        print(f"{name} (~{sizes[name]} bytes):")
        print("  A, own folder     ", summary(timed_gets(port_a, paths) + timed_gets(port_a, paths)))
        cold = [t for t in timed_gets(port_b, paths[1:] if name == "small" else paths)]
        print("  B, from the store ", summary(cold))
        print("  B, kept           ", summary(timed_gets(port_b, paths) + timed_gets(port_b, paths)))
    host.close()
finally:
    for process in reversed(processes):
        process.send_signal(signal.SIGKILL); process.wait()
    shutil.rmtree(work, ignore_errors=True)
