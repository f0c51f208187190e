// libsystemd: sd-bus (logind's SetBrightness) and sd-login (the process's session).
#include <systemd/sd-bus.h>
#include <systemd/sd-login.h>
