// libseat: seat management (seatd, systemd-logind or an embedded seatd for root).
#include <libseat.h>
#include <stdio.h>
