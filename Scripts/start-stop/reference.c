// The start-and-stop reference for Scripts/bench-start-stop: the least a program
// must do to put one frame on a screen of a virtual console and give the console
// back, in C. A seat through libseat (seatd puts the VT in graphics mode), the
// card opened through it, one dumb buffer filled and lit in the connector's
// preferred mode, a page flip waited for; on SIGTERM (or SIGINT) the CRTC's earlier
// framebuffer is put back and the seat closed (seatd puts the VT back in text mode).
//
// usage: reference CARD      (e.g. /dev/dri/card0)
#include <drm_fourcc.h>
#include <errno.h>
#include <fcntl.h>
#include <libseat.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

static bool active;

static void enable_seat(struct libseat *seat, void *data) { active = true; }
static void disable_seat(struct libseat *seat, void *data) {
    active = false;
    libseat_disable_seat(seat);
}

static void flipped(int fd, unsigned sequence, unsigned sec, unsigned usec, void *data) { *(bool *)data = true; }

static int fail(const char *what) {
    fprintf(stderr, "reference: %s: %s\n", what, strerror(errno));
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: reference CARD\n");
        return 2;
    }
    // SIGTERM and SIGINT are read from a descriptor, so the exit path is plain code.
    sigset_t stops;
    sigemptyset(&stops);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGINT);
    sigprocmask(SIG_BLOCK, &stops, NULL);
    int signals = signalfd(-1, &stops, SFD_CLOEXEC);

    struct libseat_seat_listener listener = {.enable_seat = enable_seat, .disable_seat = disable_seat};
    struct libseat *seat = libseat_open_seat(&listener, NULL);
    if (!seat) return fail("libseat_open_seat");
    while (!active) {
        if (libseat_dispatch(seat, -1) < 0) return fail("libseat_dispatch");
    }
    int fd;
    int device = libseat_open_device(seat, argv[1], &fd);
    if (device < 0) return fail("libseat_open_device");

    drmModeRes *resources = drmModeGetResources(fd);
    if (!resources) return fail("drmModeGetResources");
    drmModeConnector *connector = NULL;
    for (int i = 0; i < resources->count_connectors && !connector; i++) {
        drmModeConnector *candidate = drmModeGetConnector(fd, resources->connectors[i]);
        if (candidate && candidate->connection == DRM_MODE_CONNECTED && candidate->count_modes > 0)
            connector = candidate;
        else
            drmModeFreeConnector(candidate);
    }
    if (!connector) return fail("no connected connector");
    drmModeModeInfo mode = connector->modes[0];
    for (int i = 0; i < connector->count_modes; i++) {
        if (connector->modes[i].type & DRM_MODE_TYPE_PREFERRED) {
            mode = connector->modes[i];
            break;
        }
    }
    // The connector's CRTC, or the first its encoder can drive.
    uint32_t crtc_id = 0;
    drmModeEncoder *encoder = drmModeGetEncoder(fd, connector->encoder_id ? connector->encoder_id : connector->encoders[0]);
    if (encoder && encoder->crtc_id) crtc_id = encoder->crtc_id;
    for (int i = 0; i < resources->count_crtcs && !crtc_id; i++) {
        if (encoder && (encoder->possible_crtcs & (1u << i))) crtc_id = resources->crtcs[i];
    }
    if (!crtc_id) return fail("no CRTC");
    drmModeCrtc *saved = drmModeGetCrtc(fd, crtc_id);

    struct drm_mode_create_dumb create = {.width = mode.hdisplay, .height = mode.vdisplay, .bpp = 32};
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &create) < 0) return fail("create dumb");
    struct drm_mode_map_dumb map = {.handle = create.handle};
    if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map) < 0) return fail("map dumb");
    uint32_t *pixels = mmap(NULL, create.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, map.offset);
    if (pixels == MAP_FAILED) return fail("mmap");
    for (uint32_t y = 0; y < create.height; y++) {
        for (uint32_t x = 0; x < create.width; x++) pixels[y * create.pitch / 4 + x] = 0x001a3380;
    }
    uint32_t handles[4] = {create.handle}, pitches[4] = {create.pitch}, offsets[4] = {0}, framebuffer;
    if (drmModeAddFB2(fd, create.width, create.height, DRM_FORMAT_XRGB8888, handles, pitches, offsets, &framebuffer, 0))
        return fail("drmModeAddFB2");
    if (drmModeSetCrtc(fd, crtc_id, framebuffer, 0, 0, &connector->connector_id, 1, &mode))
        return fail("drmModeSetCrtc");
    // SetCrtc sends no event: a flip to the same buffer says when the frame is on screen.
    bool done = false;
    if (drmModePageFlip(fd, crtc_id, framebuffer, DRM_MODE_PAGE_FLIP_EVENT, &done)) return fail("drmModePageFlip");
    drmEventContext events = {.version = 2, .page_flip_handler = flipped};
    while (!done) {
        struct pollfd wait = {.fd = fd, .events = POLLIN};
        if (poll(&wait, 1, 1000) <= 0) return fail("waiting for the flip");
        drmHandleEvent(fd, &events);
    }
    printf("reference: first frame on screen\n");
    fflush(stdout);

    // Until SIGTERM, serving the seat (a VT switch away disables it).
    for (;;) {
        struct pollfd waits[2] = {{.fd = signals, .events = POLLIN}, {.fd = libseat_get_fd(seat), .events = POLLIN}};
        if (poll(waits, 2, -1) < 0 && errno != EINTR) return fail("poll");
        if (waits[0].revents) break;
        if (waits[1].revents) libseat_dispatch(seat, 0);
    }

    // The console's framebuffer back, ours freed, the seat closed.
    if (active && saved && saved->buffer_id && saved->mode_valid) {
        drmModeSetCrtc(fd, crtc_id, saved->buffer_id, saved->x, saved->y, &connector->connector_id, 1, &saved->mode);
    }
    drmModeRmFB(fd, framebuffer);
    munmap(pixels, create.size);
    struct drm_mode_destroy_dumb destroy = {.handle = create.handle};
    drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &destroy);
    libseat_close_device(seat, device);
    close(fd);
    libseat_close_seat(seat);
    return 0;
}
