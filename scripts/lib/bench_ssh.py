#!/usr/bin/env python3
"""The SSH gateway's benchmark (scripts/bench-ssh.sh runs it): members connect over real ssh, each
on a pty of its own, from --sources loopback addresses (127.0.0.10, .11, …: ssh -b), to rooms on a
real server; with --stranger, one more address (127.0.0.250) first holds its whole share of the
gateway at the menu (--share sessions) and is refused one more. Prints connect-to-lobby p50/p99,
memory per ssh member (PSS of the gateway's sshd processes and clients), vote latency seen over ssh
beside a local WebSocket client in the same room, and the gateway at idle. Single-threaded: one
selector."""
import argparse, fcntl, os, pty, re, selectors, signal, struct, subprocess, sys, termios, time

p = argparse.ArgumentParser()
p.add_argument("--members", type=int, default=100)
p.add_argument("--rooms", type=int, default=10)
p.add_argument("--server-port", type=int, required=True)
p.add_argument("--ssh-port", type=int, required=True)
p.add_argument("--keys", required=True)
p.add_argument("--swipe", required=True)
p.add_argument("--sshd-pid", type=int, required=True)
p.add_argument("--sources", type=int, default=1)
p.add_argument("--stranger", action="store_true")
p.add_argument("--share", type=int, default=10)
a = p.parse_args()
sel = selectors.DefaultSelector()
CODE = re.compile(rb"[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{2}")

class Term:
    """One program on a pty of its own (80x24), its output kept."""
    def __init__(self, argv, env=None):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execvpe(argv[0], argv, dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", **(env or {})))
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.out, self.started, self.last = b"", time.monotonic(), None
        sel.register(self.fd, selectors.EVENT_READ, self)
    def read(self):
        try: data = os.read(self.fd, 65536)
        except OSError: data = b""
        if not data: sel.unregister(self.fd); return
        self.out += data; self.last = time.monotonic()
        # Answer the client's start-up queries as a terminal would (a silent pty costs their timeouts).
        if b"\x1b[6n" in data: os.write(self.fd, b"\x1b[1;3R")
        if b"\x1b[c" in data: os.write(self.fd, b"\x1b[?62;22c")
        if len(self.out) > 200000: self.out = self.out[-100000:]
    def send(self, keys): os.write(self.fd, keys)
    def stop(self):
        try: os.kill(self.pid, signal.SIGTERM); os.waitpid(self.pid, 0)
        except OSError: pass

def pump(until, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if until(): return True
        for key, _ in sel.select(0.02): key.data.read()
    return until()

def source(member):
    return "127.0.0.1" if a.sources <= 1 else f"127.0.0.{10 + member % a.sources}"

def ssh(member, command, key=None, address=None):
    return Term(["ssh", "-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                 "-o", "LogLevel=ERROR", "-o", "SendEnv=LANG", "-o", "BatchMode=yes", "-i", key or f"{a.keys}/k{member}",
                 "-o", "IdentitiesOnly=yes", "-b", address or source(member), "-tt", "-p", str(a.ssh_port), "swipe@127.0.0.1"]
                + command.split())

def descendants(pid):
    kids, todo = [], [pid]
    while todo:
        parent = todo.pop()
        for line in subprocess.run(["ps", "-o", "pid=", "--ppid", str(parent)], capture_output=True, text=True).stdout.split():
            kids.append(int(line)); todo.append(int(line))
    return kids

def pss_kb(pid):
    try:
        for line in open(f"/proc/{pid}/smaps_rollup"):
            if line.startswith("Pss:"): return int(line.split()[1])
    except OSError: return 0
    return 0

def cpu_ticks(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])

def pct(values, q):
    s = sorted(values); return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")

# The gateway at idle: its listener's memory and CPU over 5 s, nobody connected.
t0 = cpu_ticks(a.sshd_pid); time.sleep(5); idle_cpu = (cpu_ticks(a.sshd_pid) - t0) / os.sysconf("SC_CLK_TCK") / 5 * 100
idle_pss = pss_kb(a.sshd_pid)

# The stranger: one address, a key per session, its whole share held at the menu, and one more refused.
stranger = []
if a.stranger:
    for i in range(a.share):
        stranger.append(ssh(0, "", key=f"{a.keys}/s{i}", address="127.0.0.250"))
        pump(lambda: b"create a room" in stranger[-1].out, 30)
    held = sum(1 for t in stranger if b"create a room" in t.out)
    extra = ssh(0, "K7QM-X4TD-9R", key=f"{a.keys}/s{a.share}", address="127.0.0.250")
    pump(lambda: b"too many sessions" in extra.out, 30)
    print(f"stranger (127.0.0.250): {held} of {a.share} sessions held at the menu; one more: "
          f"{'refused, too many sessions from your address' if b'too many sessions' in extra.out else 'NOT refused'}")
    extra.stop()

per_room = max(1, a.members // a.rooms)
lobby_ms, hosts, members = [], [], []
for r in range(a.rooms):
    host = ssh(r * per_room, f"create --deck movies --rule unanimous --name H{r}")
    if not pump(lambda: CODE.search(host.out) and b"start" in host.out, 30): sys.exit(f"room {r}: the host's lobby never showed")
    lobby_ms.append((time.monotonic() - host.started) * 1000); hosts.append((host, CODE.search(host.out).group().decode()))
# A room's members at once (the burst a group makes), the next room's as soon as these are past
# sshd's login: all come from 127.0.0.1 here, and sshd lets one address have only
# PerSourceMaxStartups (10) unauthenticated connections at a time.
for r, (host, code) in enumerate(hosts):
    wave = [ssh(r * per_room + i, f"join {code} --name M{r}x{i}") for i in range(1, per_room)]
    members += [(r, t) for t in wave]
    pump(lambda: all(t.out for t in wave), 30)
pending = dict((id(t), t) for _, t in members)
def arrived():
    for key, t in list(pending.items()):
        if b"waiting for the host" in t.out or b"GROUP" in t.out:
            lobby_ms.append((t.last - t.started) * 1000); del pending[key]
    return not pending
pump(arrived, 120)
connected = len(lobby_ms)
sessions = descendants(a.sshd_pid)
pss_total = sum(pss_kb(pid) for pid in sessions)
def is_client(pid):
    try: return open(f"/proc/{pid}/comm").read().strip() == "swipe"
    except OSError: return False
pss_clients = sum(pss_kb(pid) for pid in sessions if is_client(pid))
def ticks(pid):
    try: return cpu_ticks(pid)
    except OSError: return 0
hz = os.sysconf("SC_CLK_TCK")
cpu_clients = sum(ticks(pid) for pid in sessions if is_client(pid)) / hz
cpu_sshd = sum(ticks(pid) for pid in sessions if not is_client(pid)) / hz

# Vote latency in room 0: a member votes; when does an ssh member's screen (the host's) and a
# local WebSocket client's screen first change? Each sample after a quiet 300 ms.
host, code = hosts[0]
local = Term([a.swipe, "join", f"ws://127.0.0.1:{a.server_port}/{code}", "--name", "Local"],
             env={"XDG_STATE_HOME": f"{a.keys}/local-state", "XDG_CACHE_HOME": f"{a.keys}/local-cache"})
pump(lambda: b"GROUP" in local.out, 20)
host.send(b"s"); pump(lambda: False, 1.0)
over_ssh, over_ws = [], []
voters = [t for r, t in members if r == 0]
for voter in voters:
    pump(lambda: time.monotonic() - max(host.last or 0, local.last or 0) > 0.3, 5)
    mark_h, mark_l, sent = len(host.out), len(local.out), time.monotonic()
    voter.send(b"l")
    seen = {}
    def changed():
        if "ssh" not in seen and len(host.out) > mark_h: seen["ssh"] = host.last
        if "ws" not in seen and len(local.out) > mark_l: seen["ws"] = local.last
        return len(seen) == 2
    if pump(changed, 5):
        over_ssh.append((seen["ssh"] - sent) * 1000); over_ws.append((seen["ws"] - sent) * 1000)

print(f"members connected over ssh: {connected} of {a.rooms * per_room} in {a.rooms} rooms")
print(f"connect-to-lobby (ssh login to the lobby drawn): p50 {pct(lobby_ms, .5):.0f} ms, p99 {pct(lobby_ms, .99):.0f} ms, max {max(lobby_ms):.0f} ms")
print(f"memory per ssh member (PSS of sshd's per-connection processes and swipe): {pss_total / max(1, connected) / 1024:.1f} MB "
      f"({len(sessions)} processes, {pss_total / 1024:.0f} MB in all: swipe {pss_clients / max(1, connected) / 1024:.1f} MB, "
      f"sshd {(pss_total - pss_clients) / max(1, connected) / 1024:.1f} MB per member)")
print(f"CPU per login, so far (utime+stime of the session's processes): swipe {cpu_clients / max(1, connected) * 1000:.0f} ms, "
      f"sshd {cpu_sshd / max(1, connected) * 1000:.0f} ms (not counting exited helpers: the AuthorizedKeysCommand, sshd's re-exec)")
print(f"vote latency, room 0 ({len(over_ssh)} votes; first screen change after the key): over ssh p50 {pct(over_ssh, .5):.1f} ms "
      f"p99 {pct(over_ssh, .99):.1f} ms; local WebSocket client p50 {pct(over_ws, .5):.1f} ms p99 {pct(over_ws, .99):.1f} ms")
print(f"gateway at idle (the sshd listener, nobody connected): {idle_pss / 1024:.1f} MB PSS, {idle_cpu:.2f} % CPU")
for t in [local, host] + [t for _, t in members] + [h for h, _ in hosts[1:]] + stranger: t.stop()
