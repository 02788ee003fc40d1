#!/usr/bin/python3
"""Checks SwipeDeck's pixel pictures on real terminals (xterm: sixel, kitty: kitty graphics) under Xvfb.

Run through check-graphics.sh. For each terminal it starts `swipe demo --pictures MODE` inside the
terminal (its output bytes recorded by script(1)), drives it with xdotool (mouse drag, flick, help,
resizes, suspend/resume, quit), takes screenshots (shots/<terminal>-<step>.png) and measures:

  match     fraction of the displayed image's pixels within RGB distance 40 of the card's picture
            (the deck PNG scaled to the displayed size); 'other' is the best fraction any other
            bundled picture reaches (should be far lower)
  fidelity  fraction of pixels within distance 8 of the image the client sent (decoded from the
            recorded bytes), at the best offset within +-R px of where the placement says it is
  offset    that best offset, in screen pixels (0,0 = exactly at the placement's cell)
  stale     pixels of an image that should be gone, still shown at its old place (only pixels whose
            colour is far from every terminal palette colour, so cell-drawn pictures do not count)
  foreign   pixels anywhere in the terminal, outside the expected image, that have a colour of a
            sent image and are far from every palette colour
  strip     sixel only: pixel rows of the placement's cells below the sixel image (chafa makes the
            image a multiple of 6 pixels tall) and the fraction of those pixels that are not the
            picture band's plain background (the cell-drawn picture underneath showing through)

Every process it starts is ended by its pid.
"""
import base64, fcntl, io, json, os, re, shutil, signal, struct, subprocess, sys, tempfile, termios, time
import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.environ.get('SWIPE_REPO', os.path.dirname(os.path.dirname(HERE)))
SHOTS = os.environ.get('SWIPE_SHOTS', os.path.join(REPO, '.build', 'graphics-check'))
BIN = os.environ.get('SWIPE_BIN', os.path.join(REPO, '.build', 'debug', 'swipe'))
SWIFT_LIB = os.environ.get('SWIFT_LIB', '/opt/swift/usr/lib/swift/linux')
# SWIPE_CHECK_AUTO=1: `--pictures auto` with TERM=xterm-256color, so only the client's query of the
# terminal (kitty's graphics query, the device attributes) can pick kitty or sixel. COLORTERM is
# unset: the stale-pixel detector takes cell-drawn pictures to be in palette colours.
AUTO = os.environ.get('SWIPE_CHECK_AUTO') == '1'
MATCH_DIST, FIDELITY_DIST, DISTINCT_DIST, SAME_DIST = 40, 8, 12, 6

results = []          # (terminal, step, check, ok, text)
started = []          # [(pid, name, Popen or None)] in start order
T0 = time.time()


def log(msg):
    print('[%6.1fs] %s' % (time.time() - T0, msg), flush=True)


def record(term, step, check, ok, text):
    """ok: True (PASS), False (FAIL) or None (SKIP: the situation could not be set up)."""
    results.append((term, step, check, ok, text))
    word = 'SKIP' if ok is None else 'PASS' if ok else 'FAIL'
    print('%s %-6s %-17s %-9s %s' % (word, term, step, check, text), flush=True)


# ---------------------------------------------------------------- pictures and palettes

def bundled_pictures():
    src = open(os.path.join(REPO, 'server/SwipeRooms/Decks/BundledPictures.swift')).read()
    pics = {}
    for name, b64 in re.findall(r'"([a-z0-9-]+/[a-z0-9-]+\.png)": "([A-Za-z0-9+/=]+)"', src):
        pics[name] = Image.open(io.BytesIO(base64.b64decode(b64))).convert('RGB')
    return pics


def deck_order(deck):
    src = open(os.path.join(REPO, 'server/SwipeRooms/Decks/BundledDecks.swift')).read()
    return [p for p in re.findall(r'"picture":"([^"]+)"', src) if p.startswith(deck + '/')]


def xterm256(base16):
    cols = list(base16)
    steps = [0, 95, 135, 175, 215, 255]
    cols += [(steps[r], steps[g], steps[b]) for r in range(6) for g in range(6) for b in range(6)]
    cols += [(8 + 10 * i,) * 3 for i in range(24)]
    return cols


XTERM16 = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
           (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
           (255, 0, 255), (0, 255, 255), (255, 255, 255)]
KITTY16 = [(0, 0, 0), (204, 4, 3), (25, 203, 0), (206, 203, 0), (13, 115, 204), (203, 30, 209), (13, 205, 205),
           (221, 221, 221), (118, 118, 118), (242, 32, 31), (35, 253, 0), (255, 253, 0), (26, 143, 255),
           (253, 40, 255), (20, 255, 255), (255, 255, 255)]


def far_from_palette(img, palette, dist):
    """Boolean mask: pixels of img (HxWx3) at least `dist` from every palette colour."""
    pal = np.array(palette, dtype=np.int32)
    flat = img.reshape(-1, 3).astype(np.int32)
    # unique colours first: screenshots have few
    uniq, inv = np.unique(flat, axis=0, return_inverse=True)
    d = np.sqrt(((uniq[:, None, :] - pal[None, :, :]) ** 2).sum(-1)).min(1)
    return (d >= dist)[inv.reshape(-1)].reshape(img.shape[:2])


def dist(a, b):
    return np.sqrt(((a.astype(np.int32) - b.astype(np.int32)) ** 2).sum(-1))


# ---------------------------------------------------------------- the recorded bytes

# A picture at the cursor: a sixel, a kitty transmission (chafa's chunks, with the client's id), or a
# kitty placement of a picture sent before (a=p,i=ID); kitty frees (a=d,d=I) may come first.
IMG_RE = re.compile(rb'\x1b7\x1b\[(\d+);(\d+)H(?:\x1b_Ga=d[^\x1b]*\x1b\\)*(\x1bP[0-9;]*q.*?\x1b\\|\x1b_Ga=T[^\x1b]*\x1b\\(?:\x1b_G[^\x1b]*\x1b\\)*?\x1b_Gm=0[^\x1b]*\x1b\\|\x1b_Ga=p,[^\x1b]*\x1b\\)\x1b8', re.S)


def kitty_keys(seq):
    """The keys of a kitty command's first control block (up to its payload or its end)."""
    head = seq[3:].split(b';', 1)[0].split(b'\x1b', 1)[0]
    return dict(kv.split(b'=', 1) for kv in head.split(b',') if b'=' in kv)


class SentImage:
    def __init__(self, offset, row, col, seq, kind, cell):
        self.offset, self.row, self.col, self.kind = offset, row - 1, col - 1, kind
        self.problems = []
        self.bytes = len(seq)
        if kind == 'sixel':
            m = re.match(rb'\x1bP([0-9;]*)q"(\d+);(\d+);(\d+);(\d+)', seq)
            if not m:
                self.problems.append('no raster attributes')
                raise ValueError('bad sixel')
            self.width, self.height = int(m.group(4)), int(m.group(5))
            body = seq[seq.index(b'q') + 1:-2]
            defined = {int(x) for x in re.findall(rb'#(\d+);2;', body)}
            used = {int(x) for x in re.findall(rb'#(\d+)(?![;\d])', body)}
            if used - defined:
                self.problems.append('colour registers used but not defined: %s' % sorted(used - defined))
            bands = body.count(b'-') + (0 if body.endswith(b'-') else 1)
            if bands * 6 < self.height:
                self.problems.append('%d bands for %d rows' % (bands, self.height))
            png = subprocess.run(['convert', 'sixel:-', 'png:-'], input=seq, capture_output=True).stdout
            self.image = np.array(Image.open(io.BytesIO(png)).convert('RGB'))
            if self.image.shape[:2] != (self.height, self.width):
                self.problems.append('decoded %s, raster says %dx%d' % (self.image.shape[:2], self.width, self.height))
            self.columns = round(self.width / cell[0])
            self.rows = -(-self.height // cell[1])
            self.shown = self.image
        else:
            parts = re.findall(rb'\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\', seq)
            keys = dict(kv.split(b'=') for kv in parts[0][0].split(b','))
            s, v = int(keys[b's']), int(keys[b'v'])
            self.columns, self.rows = int(keys[b'c']), int(keys[b'r'])
            # chafa base64-encodes every chunk on its own (with '=' padding), as kitty decodes them
            raw = b''.join(base64.b64decode(p[1]) for p in parts if p[1])
            for ctl, payload in parts:
                if len(payload) > 4096:
                    self.problems.append('chunk of %d bytes (> 4096)' % len(payload))
            if parts[-1][0] != b'm=0' or any(c != b'm=1' for c, _ in parts[1:-1]):
                self.problems.append('chunk flags %s' % [c for c, _ in parts][:3])
            if len(raw) != s * v * 4:
                self.problems.append('%d bytes for %dx%d RGBA' % (len(raw), s, v))
            self.image = np.frombuffer(raw[:s * v * 4], dtype=np.uint8).reshape(v, s, 4)[:, :, :3]
            self.width, self.height = self.columns * cell[0], self.rows * cell[1]
            self.shown = np.array(Image.fromarray(self.image).resize((self.width, self.height), Image.BILINEAR)) \
                if (s, v) != (self.width, self.height) else self.image
        self.colours = np.unique(self.shown.reshape(-1, 3), axis=0)

    def key(self):
        return (self.row, self.col, self.width, self.height, self.image.tobytes()[:4096])


def parse_images(data, kind, cell, start=0, transmitted=None):
    """Pictures shown from byte `start` on; `transmitted` (kept by the caller) maps kitty ids to the
    transmissions a later placement shows again."""
    transmitted = {} if transmitted is None else transmitted
    out = []
    for m in IMG_RE.finditer(data, start):
        seq = m.group(3)
        k = 'sixel' if seq.startswith(b'\x1bP') else 'kitty'
        if k != kind:
            continue
        if seq.startswith(b'\x1b_Ga=p,'):
            original = transmitted.get(kitty_keys(seq).get(b'i'))
            if original is None:
                continue   # a placement of a picture never sent: the screenshots will show it
            im = SentImage(m.start(), int(m.group(1)), int(m.group(2)), original, k, cell)
            im.bytes, im.placed = len(seq), True
            keys = kitty_keys(seq)
            if (int(keys.get(b'c', 0)), int(keys.get(b'r', 0))) != (im.columns, im.rows):
                im.problems.append('placed over %sx%s cells, sent for %dx%d' % (keys.get(b'c'), keys.get(b'r'), im.columns, im.rows))
        else:
            im = SentImage(m.start(), int(m.group(1)), int(m.group(2)), seq, k, cell)
            if k == 'kitty':
                keys = kitty_keys(seq)
                if b'i' in keys:
                    transmitted[keys[b'i']] = seq
                if keys.get(b'q') != b'2':
                    im.problems.append('kitty is asked to answer (no q=2): its answers would arrive as input')
        out.append(im)
    return out


# ---------------------------------------------------------------- processes

def start(cmd, name, **kw):
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)
    started.append((p.pid, name, p))
    return p


def state(pid):
    try:
        with open('/proc/%d/stat' % pid) as f:
            return f.read().split(')')[-1].split()[0]
    except OSError:
        return 'gone'


def alive(pid):
    try:
        with open('/proc/%d/stat' % pid) as f:
            return f.read().split(')')[-1].split()[0] not in ('Z', 'X')
    except OSError:
        return False


def stop_pid(pid, name, popen=None):
    for sig in (signal.SIGCONT, signal.SIGTERM):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            break
    deadline = time.time() + 3
    while alive(pid) and time.time() < deadline:
        time.sleep(0.05)
    if alive(pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    if popen is not None:
        try:
            popen.wait(timeout=3)
        except subprocess.TimeoutExpired:
            pass


def cleanup():
    for pid, name, popen in reversed(started):
        if alive(pid) or popen is not None:
            stop_pid(pid, name, popen)
    started.clear()


def children(pid):
    out = []
    for d in os.listdir('/proc'):
        if d.isdigit():
            try:
                st = open('/proc/%s/stat' % d).read()
                if int(st.split(')')[-1].split()[1]) == pid:
                    out.append(int(d))
            except (OSError, ValueError, IndexError):
                pass
    return out


def winsize(pid):
    tty = os.readlink('/proc/%d/fd/1' % pid)
    fd = os.open(tty, os.O_RDONLY | os.O_NOCTTY)
    try:
        rows, cols, xp, yp = struct.unpack('HHHH', fcntl.ioctl(fd, termios.TIOCGWINSZ, b'\0' * 8))
    finally:
        os.close(fd)
    return cols, rows, xp, yp


def x(*args, env=None):
    return subprocess.run(list(args), capture_output=True, text=True, env=env).stdout


# ---------------------------------------------------------------- one terminal

class Session:
    def __init__(self, term, display, pics, order, home):
        self.term, self.display, self.pics, self.order = term, display, pics, order
        self.env = dict(os.environ, DISPLAY=display, LANG='C.UTF-8', LC_ALL='C.UTF-8')
        self.kind = 'sixel' if term == 'xterm' else 'kitty'
        self.ts = os.path.join(home, term + '.typescript')
        self.pidfile = os.path.join(home, term + '.pid')
        self.home = home
        self.palette = xterm256(XTERM16 + [(229, 229, 229)]) if term == 'xterm' else xterm256(KITTY16 + [(221, 221, 221)])
        self.shown = None      # the image the app should be showing now (SentImage)
        self.seen = []         # every image sent so far
        self.transmitted = {}  # kitty: id -> the transmission a placement shows again

    # -- starting
    def launch(self):
        helper = os.path.join(self.home, 'run-swipe.sh')
        with open(helper, 'w') as f:
            f.write('#!/bin/bash\necho $$ > "$3"\nexport LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME="$4" XDG_CACHE_HOME="$4/cache"\n'
                    'export LD_LIBRARY_PATH=%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\n'
                    '%s'
                    'exec script -q -f -e "$2" -c "%s demo --pictures $1"\n'
                    % (SWIFT_LIB, 'export TERM=xterm-256color; unset COLORTERM\n' if AUTO else '', BIN))
        os.chmod(helper, 0o755)
        args = [helper, 'auto' if AUTO else self.kind, self.ts, self.pidfile, self.home]
        if self.term == 'xterm':
            cmd = ['xterm', '-name', 'gcxterm', '-ti', 'vt340', '-geometry', '100x32+0+0', '-bg', 'black', '-fg', 'grey90',
                   '-xrm', 'XTerm*decGraphicsID: vt340', '-xrm', 'XTerm*numColorRegisters: 256',
                   '-fa', 'DejaVu Sans Mono', '-fs', '11', '-hold', '-e'] + args
        else:
            cmd = ['kitty', '--config', 'NONE', '-o', 'remember_window_size=no', '-o', 'initial_window_width=100c',
                   '-o', 'initial_window_height=32c', '-o', 'font_family=DejaVu Sans Mono', '-o', 'font_size=11',
                   '-o', 'placement_strategy=top-left', '--hold', '--class', 'gckitty'] + args
        self.proc = start(cmd, self.term, env=self.env)
        deadline = time.time() + 30
        self.swipe = None
        while time.time() < deadline and self.swipe is None:
            time.sleep(0.2)
            if self.proc.poll() is not None:
                raise RuntimeError('%s exited at once (%s)' % (self.term, self.proc.returncode))
            try:
                self.script = int(open(self.pidfile).read())
            except (OSError, ValueError):
                continue
            for c in children(self.script):
                if os.path.basename(os.readlink('/proc/%d/exe' % c)) == 'swipe':
                    self.swipe = c
        if self.swipe is None:
            raise RuntimeError('swipe did not start in %s' % self.term)
        started.append((self.script, 'script', None))
        started.append((self.swipe, 'swipe', None))
        wid = x('xdotool', 'search', '--sync', '--classname' if self.term == 'xterm' else '--class',
                'gcxterm' if self.term == 'xterm' else 'gckitty', env=self.env).split()
        self.wid = wid[0]
        log('%s: window %s, script pid %d, swipe pid %d' % (self.term, self.wid, self.script, self.swipe))

    def geometry(self):
        """(origin x, origin y, cell w, cell h, cols, rows) of the text area on the screen."""
        cols, rows, xp, yp = winsize(self.swipe)
        cw, ch = xp // cols, yp // rows
        info = x('xwininfo', '-id', self.wid, env=self.env)
        ax = int(re.search(r'Absolute upper-left X:\s+(-?\d+)', info).group(1))
        ay = int(re.search(r'Absolute upper-left Y:\s+(-?\d+)', info).group(1))
        if self.term == 'xterm':   # the VT100 widget (1 px border at +1+1) plus xterm's internal border of 2
            return ax + 3, ay + 3, cw, ch, cols, rows
        return ax, ay, cw, ch, cols, rows  # kitty with placement_strategy=top-left, no padding

    def data(self):
        with open(self.ts, 'rb') as f:
            return f.read()

    def settle(self, quiet=3.0, timeout=30):
        last, since, t0 = -1, time.time(), time.time()
        while time.time() - t0 < timeout:
            s = os.path.getsize(self.ts)
            if s != last:
                last, since = s, time.time()
            elif time.time() - since >= quiet:
                return True
            time.sleep(0.1)
        log('%s: output never went quiet for %.1fs' % (self.term, quiet))
        return False

    def key(self, *keys):
        x('xdotool', 'windowfocus', '--sync', self.wid, env=self.env)
        x('xdotool', 'key', '--delay', '60', *keys, env=self.env)

    def shot(self, step):
        path = os.path.join(SHOTS, '%s-%s.png' % (self.term, step))
        subprocess.run(['import', '-window', 'root', path], env=self.env, check=True)
        return path, np.array(Image.open(path).convert('RGB'))

    def rest_shot(self, step, tries=3):
        """Waits for the screen to rest, then a screenshot taken while no byte was written."""
        for _ in range(tries):
            self.settle()
            before = os.path.getsize(self.ts)
            path, img = self.shot(step)
            if os.path.getsize(self.ts) == before:
                return path, img
        return path, img

    def update_shown(self):
        """Reads the bytes: which image should be on screen now (None: none)."""
        data = self.data()
        g = self.geometry()
        images = parse_images(data, self.kind, (g[2], g[3]), self.seen[-1].offset + 1 if self.seen else 0, self.transmitted)
        for im in images:
            for p in im.problems:
                record(self.term, 'bytes', 'escape', False, 'image at byte %d: %s' % (im.offset, p))
        self.seen += images
        last = self.seen[-1] if self.seen else None
        if self.kind == 'kitty':
            # Deleting every placement (a=d) or every picture (d=A); freeing one old id (d=I) is not.
            last_delete = max(data.rfind(b'\x1b_Ga=d\x1b'), data.rfind(b'\x1b_Ga=d,d=A'))
            if last is None or last_delete > last.offset:
                return None, g
        return last, g

    # -- measuring
    def locate(self, img, im, g, radius=None):
        """Best offset of the sent image near its placement; returns (dx, dy, fidelity, x0, y0)."""
        ox, oy, cw, ch = g[:4]
        px, py = ox + im.col * cw, oy + im.row * ch
        r = radius if radius is not None else max(cw, ch)
        ref = im.shown.astype(np.int32)
        h, w = ref.shape[:2]
        best = None
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                x0, y0 = px + dx, py + dy
                if x0 < 0 or y0 < 0 or y0 + h > img.shape[0] or x0 + w > img.shape[1]:
                    continue
                crop = img[y0:y0 + h:3, x0:x0 + w:3].astype(np.int32)
                err = np.abs(crop - ref[::3, ::3]).mean()
                if best is None or err < best[0]:
                    best = (err, dx, dy)
        if best is None:
            return 0, 0, 0.0, px, py
        _, dx, dy = best
        x0, y0 = px + dx, py + dy
        crop = img[y0:y0 + h, x0:x0 + w]
        fid = float((dist(crop, im.shown) <= FIDELITY_DIST).mean())
        return dx, dy, fid, x0, y0

    def picture_match(self, crop, name):
        h, w = crop.shape[:2]
        def frac(pic):
            ref = np.array(pic.resize((w, h), Image.BILINEAR))
            return float((dist(crop, ref) <= MATCH_DIST).mean())
        own = frac(self.pics[name])
        other = max((frac(p), n) for n, p in self.pics.items() if n != name)
        return own, other

    def stale(self, img, old, g_old_xy, new_mask_rect=None, new_im=None, new_xy=None):
        """Pixels of `old` (sent image) still on screen at its old place."""
        x0, y0 = g_old_xy
        h, w = old.shown.shape[:2]
        crop = img[y0:y0 + h, x0:x0 + w]
        if crop.shape[:2] != (h, w):
            hh, ww = crop.shape[:2]
            old_px = old.shown[:hh, :ww]
        else:
            old_px = old.shown
        distinct = far_from_palette(old_px, self.palette, DISTINCT_DIST)
        same = dist(crop, old_px) <= SAME_DIST
        if new_im is not None:   # where the new image covers the old rect, it explains what is there
            nx, ny = new_xy
            nh, nw = new_im.shown.shape[:2]
            ys, xs = np.mgrid[0:crop.shape[0], 0:crop.shape[1]]
            ny_, nx_ = ys + y0 - ny, xs + x0 - nx
            inside = (ny_ >= 0) & (ny_ < nh) & (nx_ >= 0) & (nx_ < nw)
            newpx = np.zeros_like(crop)
            newpx[inside] = new_im.shown[ny_[inside], nx_[inside]]
            same &= ~(inside & (dist(crop, newpx) <= SAME_DIST))
        n = int((same & distinct).sum())
        return n, int(distinct.sum())

    def foreign(self, img, g, except_rect=None):
        """Pixels in the text area with a sent image's colour that no palette colour explains."""
        ox, oy, cw, ch, cols, rows = g
        area = img[oy:oy + rows * ch, ox:ox + cols * cw]
        mask = far_from_palette(area, self.palette, DISTINCT_DIST)
        colours = np.unique(np.concatenate([im.colours for im in self.seen]), axis=0) if self.seen else np.zeros((0, 3))
        flat = area.reshape(-1, 3).astype(np.int32)
        uniq, inv = np.unique(flat, axis=0, return_inverse=True)
        hit = np.zeros(len(uniq), bool)
        cand = np.where(far_from_palette(uniq.reshape(-1, 1, 3), self.palette, DISTINCT_DIST).reshape(-1))[0]
        for i in range(0, len(cand), 512):
            c = cand[i:i + 512]
            d = np.abs(uniq[c][:, None, :] - colours[None, :, :].astype(np.int32)).max(-1).min(1)
            hit[c] = d <= 2
        hits = hit[inv.reshape(-1)].reshape(area.shape[:2]) & mask
        if except_rect is not None:
            x0, y0, w, h = except_rect
            hits[max(0, y0 - oy):max(0, y0 - oy + h), max(0, x0 - ox):max(0, x0 - ox + w)] = False
        # only solid areas count: a pixel whose 3x3 neighbourhood is all hits (antialiased text edges
        # can blend to a picture's colour here and there; a picture left behind is a solid area)
        solid = hits.copy()
        solid[0, :] = solid[-1, :] = False
        solid[:, 0] = solid[:, -1] = False
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                solid[1:-1, 1:-1] &= hits[1 + dy:hits.shape[0] - 1 + dy, 1 + dx:hits.shape[1] - 1 + dx]
        return int(solid.sum())

    # -- checks for one resting state
    def check_rest(self, step, expect_card=None, previous=None):
        path, img = self.rest_shot(step)
        im, g = self.update_shown()
        if im is None:
            record(self.term, step, 'shown', False, 'no image on screen per the bytes (%s)' % os.path.basename(path))
            return None
        dx, dy, fid, x0, y0 = self.locate(img, im, g)
        crop = img[y0:y0 + im.shown.shape[0], x0:x0 + im.shown.shape[1]]
        name = self.order[expect_card] if expect_card is not None else None
        own, other = self.picture_match(crop, name or self.order[0])
        if name is None:   # whichever picture fits best
            best = max((self.picture_match(crop, n)[0], n) for n in self.pics)
            name = best[1]
            own, other = self.picture_match(crop, name)
        ok_pos = abs(dx) <= 2 and abs(dy) <= 2 and fid >= 0.9
        record(self.term, step, 'position', ok_pos,
               ('NOT ON SCREEN: ' if fid < 0.5 else '') + 'image %dx%d px at row %d col %d (%d x %d cells, cell %dx%d): offset %+d,%+d px, fidelity %.3f  [%s]'
               % (im.width, im.height, im.row + 1, im.col + 1, im.columns, im.rows, g[2], g[3], dx, dy, fid,
                  os.path.relpath(path, HERE)))
        record(self.term, step, 'picture', own >= 0.85 and own - other[0] >= 0.15,
               '%s: match %.3f (best other %s %.3f)' % (name, own, other[1], other[0]))
        if self.kind == 'sixel':
            full = im.rows * g[3]
            gap = full - im.height
            if gap > 0:
                strip = img[y0 + im.height:y0 + full, x0:x0 + im.width]
                # The band's background: the cell just left of the placement, on the same pixel rows.
                band = img[y0 + im.height:y0 + full, max(0, x0 - g[2] // 2)].reshape(-1, 1, 3)
                bad = float((dist(strip, band) > SAME_DIST).mean())
                record(self.term, step, 'strip', bad < 0.02,
                       '%d of %d px rows of the placement below the sixel; %.1f%% of them (%d px) not the band\'s background'
                       % (gap, full, 100 * bad, int(bad * strip.shape[0] * strip.shape[1])))
            else:
                record(self.term, step, 'strip', True, 'sixel fills all %d px rows' % full)
        if step == '1-rest':   # the detectors must see the image that is there
            f_all = self.foreign(img, g)
            n, of = self.stale(img, im, (x0, y0))
            area = im.shown.shape[0] * im.shown.shape[1]
            record(self.term, step, 'detector', f_all >= area // 2 and n >= of * 0.9,
                   'sanity: foreign finds %d of %d image px, stale finds %d of %d distinct px when the image is there'
                   % (f_all, area, n, of))
        f = self.foreign(img, g, (x0, y0, im.shown.shape[1], im.shown.shape[0]))
        record(self.term, step, 'foreign', f <= 20, '%d image-coloured px (solid 3x3) outside the image' % f)
        if previous is not None:
            old, oxy = previous
            n, of = self.stale(img, old, oxy, new_im=im, new_xy=(x0, y0))
            record(self.term, step, 'stale', n <= max(20, of // 200), '%d of %d distinct px of the previous image still shown' % (n, of))
        self.shown = (im, (x0, y0))
        return self.shown

    def check_gone(self, step, why, img=None, path=None):
        """No pixel image anywhere (a card moving, an overlay, suspended, quit)."""
        if img is None:
            path, img = self.shot(step)
        g = self.geometry() if alive(self.swipe) else self.last_geometry
        f = self.foreign(img, g)
        msg = '%d image-coloured px (solid 3x3) in the text area' % f
        ok = f <= 20
        if self.shown is not None:
            old, oxy = self.shown
            n, of = self.stale(img, old, oxy)
            msg += '; %d of %d distinct px of the resting image still at its place' % (n, of)
            ok = ok and n <= max(20, of // 200)
        record(self.term, step, 'gone', ok, '%s: %s  [%s]' % (why, msg, os.path.relpath(path, HERE)))

    # -- the whole run
    def run(self):
        self.launch()
        x('xdotool', 'windowfocus', '--sync', self.wid, env=self.env)
        rest = self.check_rest('1-rest', expect_card=0)
        self.last_geometry = self.geometry()

        # mouse drag, held: the card moves as cells, the pixels must go
        if rest:
            im, (x0, y0) = rest
            cx, cy = x0 + im.width // 2, y0 + im.height // 2
            x('xdotool', 'mousemove', '--sync', str(cx), str(cy), env=self.env)
            x('xdotool', 'mousedown', '1', env=self.env)
            for i in range(1, 9):
                x('xdotool', 'mousemove', '--sync', str(cx + 10 * i), str(cy), env=self.env)
                time.sleep(0.03)
            time.sleep(0.6)
            self.check_gone('2-drag-held', 'card dragged 80 px')
            for i in range(7, -1, -1):
                x('xdotool', 'mousemove', '--sync', str(cx + 10 * i), str(cy), env=self.env)
                time.sleep(0.03)
            x('xdotool', 'mouseup', '1', env=self.env)
            x('xdotool', 'mousemove', str(2), str(2), env=self.env)
            rest = self.check_rest('3-drag-released', expect_card=0)

        # flick right: moving card as cells, then the next card's picture
        self.key('l')
        time.sleep(0.12)
        self.check_gone('4-flick-moving', 'card flying out')
        rest = self.check_rest('5-next-card', expect_card=1, previous=rest)

        # help overlay
        self.key('question')
        time.sleep(1.0)
        self.check_gone('6-help', 'help overlay open')
        self.key('question')
        rest = self.check_rest('7-help-closed', expect_card=1)

        # resizes
        info = x('xwininfo', '-id', self.wid, env=self.env)
        W0 = int(re.search(r'Width:\s+(\d+)', info).group(1))
        H0 = int(re.search(r'Height:\s+(\d+)', info).group(1))
        for step, (w, h) in (('8-resize-big', (1220, 780)), ('9-resize-small', (700, 500)), ('10-resize-back', (W0, H0))):
            x('xdotool', 'windowsize', '--sync', self.wid, str(w), str(h), env=self.env)
            rest = self.check_rest(step, expect_card=1, previous=rest) or rest
            self.last_geometry = self.geometry()

        # a resize that leaves the picture where it is (one more row): the picture must stay
        before = self.seen[-1] if self.seen else None
        g = self.geometry()
        x('xdotool', 'windowsize', '--sync', self.wid, str(W0), str(H0 + g[3]), env=self.env)
        self.settle()
        im, _ = self.update_shown()
        same = before is not None and im is not None and im is before
        log('%s: after one more row the app %s' % (self.term, 'sent no new image (same placement)' if same else 'sent an image again'))
        rest = self.check_rest('11-resize-one-row', expect_card=1) or rest
        self.last_geometry = self.geometry()
        self.key('question')      # the help and back: makes the app draw its picture again
        time.sleep(0.8)
        self.key('question')
        rest = self.check_rest('12-recovered', expect_card=1) or rest

        # suspend (Ctrl-Z) and continue
        mark = len(self.data())
        self.key('ctrl+z')
        t = time.time()
        while state(self.swipe) != 'T' and time.time() - t < 5:
            time.sleep(0.05)
        log('%s: swipe %s %.2fs after Ctrl-Z' % (self.term, 'stopped' if state(self.swipe) == 'T' else 'NOT stopped', time.time() - t))
        time.sleep(0.8)
        if b'\x1b[?1049l' in self.data()[mark:]:
            self.check_gone('13-suspended', 'after Ctrl-Z')
        else:   # script(1) stops itself with its child and may not have passed on the last bytes
            record(self.term, '13-suspended', 'gone', None, 'script(1) stopped before passing on the screen switch; not measurable')
        for pid in (self.script, self.swipe):      # script(1) stops itself with its child; `fg` for both
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
        rest = self.check_rest('14-resumed', expect_card=1) or rest
        self.key('question')
        time.sleep(0.8)
        self.key('question')
        rest = self.check_rest('15-recovered', expect_card=1) or rest

        # quit: the terminal stays open (--hold); nothing of the picture may stay
        self.last_geometry = self.geometry()
        self.key('q')
        deadline = time.time() + 8
        while alive(self.swipe) and time.time() < deadline:
            time.sleep(0.1)
        time.sleep(0.8)
        record(self.term, '16-quit', 'exit', not alive(self.swipe), 'swipe %s after q' % ('ended' if not alive(self.swipe) else 'still running'))
        self.check_gone('16-quit', 'after q (terminal held open)')

        data = self.data()
        total = sum(im.bytes for im in self.seen)
        record(self.term, 'bytes', 'summary', all(not im.problems for im in self.seen),
               '%d images shown (%d distinct, %d of them placed again by id), %d of %d output bytes are image data; %d kitty deletes'
               % (len(self.seen), len({im.key() for im in self.seen}), sum(1 for im in self.seen if getattr(im, 'placed', False)),
                  total, len(data), data.count(b'\x1b_Ga=d')))


def main():
    terms = sys.argv[1:] or ['xterm', 'kitty']
    os.makedirs(SHOTS, exist_ok=True)
    pics = bundled_pictures()
    order = deck_order('movies')
    disp = next(n for n in range(90, 130) if not os.path.exists('/tmp/.X%d-lock' % n) and not os.path.exists('/tmp/.X11-unix/X%d' % n))
    display = ':%d' % disp
    home = tempfile.mkdtemp(prefix='graphics-check-')
    try:
        xv = start(['Xvfb', display, '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], 'Xvfb')
        for _ in range(100):
            if os.path.exists('/tmp/.X11-unix/X%d' % disp):
                break
            time.sleep(0.05)
        time.sleep(0.3)
        log('Xvfb %s pid %d' % (display, xv.pid))
        for term in terms:
            t = time.time()
            s = Session(term, display, pics, order, home)
            try:
                s.run()
            except Exception as e:
                record(term, 'run', 'error', False, repr(e))
            finally:
                if os.path.exists(s.ts):
                    shutil.copy(s.ts, os.path.join(SHOTS, term + '.typescript'))
                for pid, name, popen in reversed([e for e in started if e[1] != 'Xvfb']):
                    stop_pid(pid, name, popen)
                started[:] = [e for e in started if e[1] == 'Xvfb']
            log('%s done in %.1fs' % (term, time.time() - t))
    finally:
        cleanup()
        shutil.rmtree(home, ignore_errors=True)
    fails = [r for r in results if r[3] is False]
    skips = [r for r in results if r[3] is None]
    print('\n%d checks, %d passed, %d failed, %d skipped, %.1fs'
          % (len(results), len(results) - len(fails) - len(skips), len(fails), len(skips), time.time() - T0))
    with open(os.path.join(SHOTS, 'results.json'), 'w') as f:
        json.dump([dict(terminal=a, step=b, check=c, ok=d, text=e) for a, b, c, d, e in results], f, indent=1)
    return 1 if fails else 0


if __name__ == '__main__':
    signal.signal(signal.SIGTERM, lambda *a: (cleanup(), sys.exit(143)))
    sys.exit(main())
