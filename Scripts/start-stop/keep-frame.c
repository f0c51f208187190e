// The experiment behind Application.leavesLastFrameOnExit (docs/kiosk.md, "The last
// frame on exit"), run by Scripts/last-frame-experiment in the VM: does a frame
// outlive the process that lit it, and what brings the console back?
//
// keep-frame light CARD FLAGS...  lights a plain colour on the first connected
//   connector and exits without restoring anything. FLAGS:
//   seat          open the card through libseat (LIBSEAT_BACKEND picks the back end)
//                 and close the seat before exiting
//   nostoreclose  with seat: exit without closing the seat
//   store=PATH    send the card's descriptor to PATH as systemd's store is sent one
//                 (sd_notify FDSTORE=1 with SCM_RIGHTS)
//   graphics      put /dev/tty1 in KD_GRAPHICS and leave it so
//   drop          drop DRM master before exiting
//   rmfb          drmModeRmFB before exiting
// keep-frame hold PATH   plays systemd's store: holds the descriptors it receives
//   until SIGTERM.
#include <drm_fourcc.h>
#include <errno.h>
#include <fcntl.h>
#include <libseat.h>
#include <linux/kd.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

static bool active;
static void enable_seat(struct libseat *seat, void *data) { active = true; }
static void disable_seat(struct libseat *seat, void *data) { active = false; libseat_disable_seat(seat); }
static int fail(const char *what) { fprintf(stderr, "keep: %s: %s\n", what, strerror(errno)); return 1; }
static bool has(int argc, char **argv, const char *flag) {
    for (int i = 3; i < argc; i++) if (!strcmp(argv[i], flag)) return true;
    return false;
}
static const char *value(int argc, char **argv, const char *prefix) {
    for (int i = 3; i < argc; i++) if (!strncmp(argv[i], prefix, strlen(prefix))) return argv[i] + strlen(prefix);
    return NULL;
}

static int hold(const char *path) {
    int s = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    strncpy(addr.sun_path, path, sizeof addr.sun_path - 1);
    unlink(path);
    if (bind(s, (struct sockaddr *)&addr, sizeof addr) < 0) return fail("bind");
    printf("hold: ready\n"); fflush(stdout);
    int held[16]; int count = 0;
    for (;;) {
        char data[256]; char control[CMSG_SPACE(sizeof(int) * 4)];
        struct iovec iov = {.iov_base = data, .iov_len = sizeof data - 1};
        struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
        ssize_t n = recvmsg(s, &msg, MSG_CMSG_CLOEXEC);
        if (n < 0) { if (errno == EINTR) continue; return fail("recvmsg"); }
        data[n] = 0;
        for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
                int fds = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
                for (int i = 0; i < fds && count < 16; i++) memcpy(&held[count++], CMSG_DATA(c) + i * sizeof(int), sizeof(int));
            }
        }
        printf("hold: '%s', %d fds held, master=%d\n", data, count, count ? drmIsMaster(held[count - 1]) : -1); fflush(stdout);
    }
}

int main(int argc, char **argv) {
    if (argc >= 3 && !strcmp(argv[1], "hold")) return hold(argv[2]);
    if (argc < 3 || strcmp(argv[1], "light")) { fprintf(stderr, "usage\n"); return 2; }
    struct libseat *seat = NULL; int fd, device = -1;
    if (has(argc, argv, "seat")) {
        struct libseat_seat_listener listener = {.enable_seat = enable_seat, .disable_seat = disable_seat};
        seat = libseat_open_seat(&listener, NULL);
        if (!seat) return fail("libseat_open_seat");
        while (!active) if (libseat_dispatch(seat, -1) < 0) return fail("libseat_dispatch");
        device = libseat_open_device(seat, argv[2], &fd);
        if (device < 0) return fail("libseat_open_device");
    } else {
        fd = open(argv[2], O_RDWR | O_CLOEXEC);
        if (fd < 0) return fail("open");
    }
    drmModeRes *resources = drmModeGetResources(fd);
    drmModeConnector *connector = NULL;
    for (int i = 0; i < resources->count_connectors && !connector; i++) {
        drmModeConnector *c = drmModeGetConnector(fd, resources->connectors[i]);
        if (c && c->connection == DRM_MODE_CONNECTED && c->count_modes > 0 && c->connector_type != DRM_MODE_CONNECTOR_WRITEBACK) connector = c;
    }
    if (!connector) return fail("no connector");
    drmModeModeInfo mode = connector->modes[0];
    drmModeEncoder *encoder = drmModeGetEncoder(fd, connector->encoder_id ? connector->encoder_id : connector->encoders[0]);
    uint32_t crtc_id = encoder->crtc_id;
    for (int i = 0; i < resources->count_crtcs && !crtc_id; i++) if (encoder->possible_crtcs & (1u << i)) crtc_id = resources->crtcs[i];
    drmModeCrtc *saved = drmModeGetCrtc(fd, crtc_id);
    struct drm_mode_create_dumb create = {.width = mode.hdisplay, .height = mode.vdisplay, .bpp = 32};
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &create) < 0) return fail("create dumb");
    struct drm_mode_map_dumb map = {.handle = create.handle};
    drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map);
    uint32_t *pixels = mmap(NULL, create.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, map.offset);
    for (uint32_t y = 0; y < create.height; y++) for (uint32_t x = 0; x < create.width; x++) pixels[y * create.pitch / 4 + x] = 0x00c03050;
    uint32_t handles[4] = {create.handle}, pitches[4] = {create.pitch}, offsets[4] = {0}, framebuffer;
    if (drmModeAddFB2(fd, create.width, create.height, DRM_FORMAT_XRGB8888, handles, pitches, offsets, &framebuffer, 0)) return fail("addfb");
    if (drmModeSetCrtc(fd, crtc_id, framebuffer, 0, 0, &connector->connector_id, 1, &mode)) return fail("setcrtc");
    printf("light: console fb %u, ours %u on crtc %u, master=%d\n", saved ? saved->buffer_id : 0, framebuffer, crtc_id, drmIsMaster(fd)); fflush(stdout);
    if (has(argc, argv, "graphics")) {
        int tty = open("/dev/tty1", O_RDWR | O_NOCTTY);
        if (tty < 0 || ioctl(tty, KDSETMODE, KD_GRAPHICS) < 0) fail("KD_GRAPHICS");
    }
    const char *store = value(argc, argv, "store=");
    if (store) {
        int s = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        struct sockaddr_un addr = {.sun_family = AF_UNIX};
        strncpy(addr.sun_path, store, sizeof addr.sun_path - 1);
        char text[] = "FDSTORE=1\nFDNAME=card";
        struct iovec iov = {.iov_base = text, .iov_len = strlen(text)};
        char control[CMSG_SPACE(sizeof(int))] = {0};
        struct msghdr msg = {.msg_name = &addr, .msg_namelen = sizeof addr, .msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
        struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET; c->cmsg_type = SCM_RIGHTS; c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &fd, sizeof(int));
        if (sendmsg(s, &msg, 0) < 0) return fail("sendmsg");
    }
    if (has(argc, argv, "drop") && drmDropMaster(fd)) fail("drop master");
    if (has(argc, argv, "rmfb")) drmModeRmFB(fd, framebuffer);
    if (seat && !has(argc, argv, "nostoreclose")) {
        libseat_close_device(seat, device);
        libseat_close_seat(seat);
    }
    printf("light: exiting\n"); fflush(stdout);
    return 0;
}
