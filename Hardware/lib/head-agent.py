#!/usr/bin/env python3
"""Host side of Hardware/vm's head requests: plugs, resizes and unplugs the
virtio-gpu heads of a running VM through QEMU's per-head VNC servers.

    head-agent.py RUN_DIR HEADS WATCH_PID

Started by Hardware/vm next to QEMU when --gpu-outputs N > 0. It polls
RUN_DIR/ctl/requests/ (the VM's $DIRECTDISPLAY_VM_CONTROL/requests) every
20 ms for files `<id>.req` holding one line

    plug HEAD WIDTH HEIGHT      (also resizes a plugged head)
    unplug HEAD

performs each request in name order, writes RUN_DIR/ctl/responses/<id>.res
(`ok`, `ok unchanged` or `error <reason>`; written to a temporary name and
renamed) and deletes the request. It exits when WATCH_PID (QEMU) is gone or
on SIGTERM, and logs to stdout (Hardware/vm sends that to RUN_DIR/head-agent.log).

How a request is performed (RFB 3.8, one connection per request, to
RUN_DIR/vnc<HEAD>.sock): handshake with security type None, ClientInit
(shared), SetEncodings [Raw, ExtendedDesktopSize (-308)]. QEMU 7.2 does not
send the ExtendedDesktopSize rectangle the RFB spec suggests at this point
(only when the size differs from what the client was told), so the agent
goes on with screen id 0, QEMU's only one, and retries once with the id of
the reply if a server refuses the layout. SetDesktopSize (message 251) with
one screen of WIDTHxHEIGHT (0x0 unplugs); QEMU answers with an ExtendedDesktopSize rectangle whose x is 1 (this
client's request) and whose y is the status: 0 or 4 ("forwarded to the
guest") mean done, anything else is an error. QEMU then raises
VIRTIO_GPU_EVENT_DISPLAY and the guest sends a drm change uevent with
HOTPLUG=1 a few hundred ms later.

Standard library only.
"""

import os
import signal
import socket
import struct
import sys
import time

POLL_S = 0.02
BOOT_SIZE = (1280, 800)     # virtio-gpu's default xres x yres: head 0 at boot
IO_TIMEOUT_S = 5.0          # per socket operation
SOCKET_WAIT_S = 10.0        # for QEMU to create the VNC socket early in a run

ENC_RAW = 0
ENC_DESKTOP_SIZE = -223
ENC_EXT_DESKTOP_SIZE = -308

STATUS_TEXT = {
    0: "no error",
    1: "resize is administratively prohibited",
    2: "out of resources",
    3: "invalid screen layout",
    4: "request forwarded",
}


class RequestError(Exception):
    pass


def log(msg):
    t = time.time()
    stamp = time.strftime("%H:%M:%S", time.localtime(t)) + ".%03d" % (int(t * 1000) % 1000)
    sys.stdout.write("%s %s\n" % (stamp, msg))
    sys.stdout.flush()


class RFB:
    """A minimal RFB client: just enough to resize one QEMU VNC head."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(IO_TIMEOUT_S)
        try:
            self.sock.connect(path)
        except OSError:
            self.sock.close()
            raise

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass

    def recv_exact(self, n):
        data = bytearray()
        while len(data) < n:
            try:
                chunk = self.sock.recv(n - len(data))
            except socket.timeout:
                raise RequestError("VNC server did not answer within %.0f s" % IO_TIMEOUT_S)
            if not chunk:
                raise RequestError("VNC server closed the connection")
            data += chunk
        return bytes(data)

    def handshake(self):
        version = self.recv_exact(12)
        if not version.startswith(b"RFB 003."):
            raise RequestError("not an RFB server (%r)" % version)
        self.sock.sendall(b"RFB 003.008\n")
        (count,) = struct.unpack("!B", self.recv_exact(1))
        if count == 0:
            (n,) = struct.unpack("!I", self.recv_exact(4))
            raise RequestError("VNC server refused: %s" % self.recv_exact(n).decode(errors="replace"))
        types = self.recv_exact(count)
        if 1 not in types:
            raise RequestError("VNC server does not offer security type None (offers %s)" % list(types))
        self.sock.sendall(struct.pack("!B", 1))
        (result,) = struct.unpack("!I", self.recv_exact(4))
        if result != 0:
            raise RequestError("VNC security handshake failed (%d)" % result)
        self.sock.sendall(struct.pack("!B", 1))           # ClientInit: shared
        w, h = struct.unpack("!HH", self.recv_exact(4))
        self.recv_exact(16)                                 # pixel format
        (n,) = struct.unpack("!I", self.recv_exact(4))
        self.recv_exact(n)                                  # desktop name
        return w, h

    def set_encodings(self, encodings):
        msg = struct.pack("!BxH", 2, len(encodings))
        msg += b"".join(struct.pack("!i", e) for e in encodings)
        self.sock.sendall(msg)

    def set_desktop_size(self, screen_id, width, height):
        msg = struct.pack("!BxHHBx", 251, width, height, 1)
        msg += struct.pack("!IHHHHI", screen_id, 0, 0, width, height, 0)
        self.sock.sendall(msg)

    def next_ext_desktop_size(self, deadline):
        """Reads server messages until an ExtendedDesktopSize rectangle;
        returns (x, y, w, h, screens) with screens [(id, x, y, w, h, flags)]."""
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise RequestError("no ExtendedDesktopSize reply from the VNC server")
            self.sock.settimeout(remaining)
            try:
                (kind,) = struct.unpack("!B", self.recv_exact(1))
            finally:
                self.sock.settimeout(IO_TIMEOUT_S)
            if kind == 0:                                   # FramebufferUpdate
                (nrects,) = struct.unpack("!xH", self.recv_exact(3))
                found = None
                for _ in range(nrects):
                    x, y, w, h, enc = struct.unpack("!HHHHi", self.recv_exact(12))
                    if enc == ENC_EXT_DESKTOP_SIZE:
                        (n,) = struct.unpack("!B3x", self.recv_exact(4))
                        screens = [struct.unpack("!IHHHHI", self.recv_exact(16)) for _ in range(n)]
                        if found is None:
                            found = (x, y, w, h, screens)
                    elif enc == ENC_DESKTOP_SIZE:
                        pass
                    else:
                        # Pixel data: never asked for (no FramebufferUpdateRequest).
                        raise RequestError("unexpected rectangle encoding %d from the VNC server" % enc)
                if found is not None:
                    return found
            elif kind == 1:                                 # SetColourMapEntries
                _, n = struct.unpack("!xHH", self.recv_exact(5))
                self.recv_exact(6 * n)
            elif kind == 2:                                 # Bell
                pass
            elif kind == 3:                                 # ServerCutText
                (n,) = struct.unpack("!3xI", self.recv_exact(7))
                self.recv_exact(n)
            else:
                raise RequestError("unexpected message type %d from the VNC server" % kind)


def connect(path):
    deadline = time.monotonic() + SOCKET_WAIT_S
    while True:
        try:
            return RFB(path)
        except (FileNotFoundError, ConnectionRefusedError) as e:
            if time.monotonic() >= deadline:
                raise RequestError("cannot connect to %s: %s" % (path, e.strerror))
            time.sleep(0.05)
        except OSError as e:
            raise RequestError("cannot connect to %s: %s" % (path, e.strerror))


def resize_head(head, width, height):
    """Returns a description of the server's answer; raises RequestError."""
    rfb = connect("vnc%d.sock" % head)       # relative: sun_path is 108 bytes at most
    try:
        rfb.handshake()
        rfb.set_encodings([ENC_RAW, ENC_EXT_DESKTOP_SIZE])
        # QEMU (7.2) sends no ExtendedDesktopSize rectangle on SetEncodings
        # while the size is unchanged, so do not wait for one: ask with
        # screen id 0 (QEMU's only id). Its reply carries the real id; should
        # a server refuse the layout, ask once more with that id.
        screen_id, attempts = 0, 0
        while True:
            attempts += 1
            rfb.set_desktop_size(screen_id, width, height)
            # The reply to our request has x = 1; unsolicited resizes (x = 0)
            # may come first if the guest changes mode meanwhile.
            deadline = time.monotonic() + IO_TIMEOUT_S
            while True:
                x, status, cur_w, cur_h, screens = rfb.next_ext_desktop_size(deadline)
                if x == 1:
                    break
            ids = [s[0] for s in screens]
            if status == 3 and attempts == 1 and ids and ids[0] != screen_id:
                screen_id = ids[0]
                continue
            break
        if status not in (0, 4):
            raise RequestError("VNC server refused %dx%d: %s (status %d)"
                               % (width, height, STATUS_TEXT.get(status, "unknown"), status))
        return "screen %d, status %d (%s), server size %dx%d" % (
            screen_id, status, STATUS_TEXT.get(status, "?"), cur_w, cur_h)
    finally:
        rfb.close()


def parse(line, heads):
    words = line.split()
    try:
        if len(words) == 4 and words[0] == "plug":
            head, width, height = (int(w, 10) for w in words[1:])
            if not (1 <= width <= 16384 and 1 <= height <= 16384):
                raise RequestError("size %sx%s out of range (1-16384)" % (words[2], words[3]))
        elif len(words) == 2 and words[0] == "unplug":
            head, width, height = int(words[1], 10), 0, 0
        else:
            raise RequestError("bad request %r (want 'plug HEAD WIDTH HEIGHT' or 'unplug HEAD')" % line)
    except ValueError:
        raise RequestError("bad request %r (numbers expected)" % line)
    if not 0 <= head < heads:
        raise RequestError("no head %d (the VM has heads 0-%d)" % (head, heads - 1))
    return head, width, height


def write_file(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.chmod(tmp, 0o666)
    os.rename(tmp, path)


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


def main():
    if len(sys.argv) != 4:
        sys.stderr.write("usage: head-agent.py RUN_DIR HEADS WATCH_PID\n")
        return 2
    run, heads, watch = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    os.chdir(run)
    req_dir, res_dir = "ctl/requests", "ctl/responses"
    for d in (req_dir, res_dir):
        os.makedirs(d, exist_ok=True)
        os.chmod(d, 0o777)

    def on_term(*_):
        # At once, even in the middle of a request: the run is ending.
        log("head agent: exiting (signal)")
        os._exit(0)
    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGHUP, on_term)
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Hardware/vm stops us

    # What this agent last set per head. QEMU ignores a request equal to the
    # head's current UI info (no event to the guest): say so in the answer.
    # QEMU starts every head's UI info at 0x0, while virtio-gpu enables head 0
    # at 1280x800 (its xres/yres): an `unplug 0` would be ignored. So tell
    # QEMU 1280x800 for head 0 now, while the guest is still booting (the
    # same size: the guest's driver, not loaded yet, sees no change).
    last = {h: (0, 0) for h in range(heads)}
    log("head agent: %d head(s), watching pid %d" % (heads, watch))
    if heads > 0:
        try:
            detail = resize_head(0, *BOOT_SIZE)
            last[0] = BOOT_SIZE
            log("head 0: UI info set to its boot size %dx%d [%s]" % (BOOT_SIZE + (detail,)))
        except RequestError as e:
            log("head 0: could not set its UI info to %dx%d: %s (a first 'unplug 0' will do nothing)"
                % (BOOT_SIZE + (e,)))
    write_file("ctl/head-agent.ready", "%d\n" % os.getpid())
    checks = 0
    while True:
        checks += 1
        if checks % 5 == 0 and not alive(watch):
            break
        try:
            names = sorted(n for n in os.listdir(req_dir) if n.endswith(".req") and not n.startswith("."))
        except FileNotFoundError:
            os.makedirs(req_dir, exist_ok=True)
            names = []
        if not names:
            time.sleep(POLL_S)
            continue
        for name in names:
            rid = name[:-4]
            path = os.path.join(req_dir, name)
            t0 = time.monotonic()
            line = "?"
            try:
                try:
                    with open(path) as f:
                        line = f.readline().strip()
                except OSError as e:
                    raise RequestError("cannot read the request: %s" % e.strerror)
                head, width, height = parse(line, heads)
                detail = resize_head(head, width, height)
                answer = "ok unchanged" if last[head] == (width, height) else "ok"
                last[head] = (width, height)
                log("%s: %s -> %s [%s] %.1f ms" % (rid, line, answer, detail, (time.monotonic() - t0) * 1000))
            except RequestError as e:
                answer = "error %s" % e
                log("%s: %s -> %s" % (rid, line, answer))
            except Exception as e:            # never die on one bad request
                answer = "error agent failure: %s: %s" % (type(e).__name__, e)
                log("%s: %s -> %s" % (rid, line, answer))
            try:
                write_file(os.path.join(res_dir, rid + ".res"), answer + "\n")
            except OSError as e:
                log("%s: cannot write the response: %s" % (rid, e))
            try:
                os.unlink(path)
            except OSError:
                pass
    log("head agent: exiting (QEMU gone)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
