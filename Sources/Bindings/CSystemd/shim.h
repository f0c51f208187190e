// libsystemd: sd-bus (logind's SetBrightness), sd-login (the process's session) and
// sd-daemon (the service's file-descriptor store).
#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-login.h>
