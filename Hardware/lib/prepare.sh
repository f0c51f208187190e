# shellcheck shell=bash
# Prepares and caches what Hardware/vm boots: the Debian kernel, a patched
# out-of-tree vkms.ko and a small busybox initramfs. Sourced by Hardware/vm;
# `Hardware/lib/prepare.sh` on its own prepares and prints the cache folder.
#
# Cache layout (Hardware/.cache/kernel-<abi>/, keyed by the kernel ABI):
#   root/               the linux-image package unpacked (boot/vmlinuz-*, lib/modules/*)
#   root/lib/modules/<abi>/updates/vkms.ko   the patched vkms (depmod sees it there)
#   vmlinux             the kernel uncompressed, for a fast PVH boot
#   vkms/               its build folder (source from linux-source-X.Y, build.log)
#   initramfs.cpio.gz   busybox + modules + Hardware/initramfs/init
# Each step writes a stamp holding a hash of its inputs and is redone only
# when that stamp is missing or differs.

HW_DIR=${HW_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
HW_CACHE=${HW_CACHE:-$HW_DIR/.cache}

# Modules the initramfs loads, by list. Dependencies are added and ordered by
# `modprobe --show-depends` at build time. "base" goes first (drm stack, then
# virtio and 9p to reach the host's root, then input), then "vkms" (with its
# parameters), then "gpu" (virtio-gpu, only with --gpu-outputs).
HW_MODULES_BASE="drm drm_kms_helper drm_shmem_helper
  virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci
  9pnet 9pnet_virtio netfs fscache 9p
  overlay evdev uinput"
HW_MODULES_VKMS="vkms"
HW_MODULES_GPU="virtio_dma_buf virtio_gpu"

hw_die() { echo "vm: $*" >&2; exit 125; }
hw_note() { echo "vm: $*" >&2; }
hw_missing() { hw_die "missing $1; run Scripts/setup (it installs the packages Hardware/vm needs)"; }

hw_hash() { cat "$@" | sha256sum | cut -c1-16; }

hw_check_host() {
    local tool pkg
    for tool in qemu-system-x86_64:qemu-system-x86 cpio:cpio depmod:kmod modprobe:kmod \
                make:make dpkg-deb:dpkg apt-get:apt apt-cache:apt \
                sha256sum:coreutils timeout:coreutils flock:util-linux xz:xz-utils; do
        pkg=${tool#*:}; tool=${tool%%:*}
        command -v "$tool" >/dev/null 2>&1 || hw_missing "command '$tool' (package $pkg)"
    done
    # The initramfs has no libraries: busybox must be the static build.
    dpkg-query -W -f '${Status}' busybox-static 2>/dev/null | grep -q 'ok installed' \
        || hw_missing "package busybox-static"
    [ -x /lib/systemd/systemd-udevd ] || [ -x /usr/lib/systemd/systemd-udevd ] \
        || hw_missing "systemd-udevd (package udev)"
    command -v udevadm >/dev/null 2>&1 || hw_missing "command 'udevadm' (package udev)"
}

# The kernel ABI Debian currently ships, e.g. 6.1.0-56-amd64.
hw_kernel_abi() {
    if [ -n "${DIRECTDISPLAY_VM_KERNEL_ABI:-}" ]; then
        echo "$DIRECTDISPLAY_VM_KERNEL_ABI"; return
    fi
    local pkg
    pkg=$(apt-cache depends linux-image-amd64 2>/dev/null \
          | awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }')
    [ -n "$pkg" ] || hw_die "cannot find the kernel ABI with 'apt-cache depends linux-image-amd64' (apt-get update?); run Scripts/setup"
    echo "${pkg#linux-image-}"
}

hw_find_deb() {
    local f
    for f in "$HW_KDIR"/linux-image-"$HW_ABI"_*.deb; do
        [ -f "$f" ] && { echo "$f"; break; }
    done
    return 0
}

# 1. The Debian kernel, unpacked.
hw_prepare_kernel() {
    local root=$HW_KDIR/root deb tmp
    [ -f "$root/.done" ] && return
    hw_note "preparing kernel $HW_ABI (once; cached in ${HW_KDIR#"$PWD"/})"
    deb=$(hw_find_deb)
    if [ -z "$deb" ]; then
        tmp=$(mktemp -d "$HW_KDIR/download.XXXXXX")
        # Exactly this package name: a glob would fetch every ABI.
        (cd "$tmp" && apt-get download "linux-image-$HW_ABI") >"$tmp/log" 2>&1 \
            || { cat "$tmp/log" >&2; rm -rf "$tmp"; hw_die "apt-get download linux-image-$HW_ABI failed (network? apt-get update?)"; }
        mv "$tmp"/linux-image-"$HW_ABI"_*.deb "$HW_KDIR/"
        rm -rf "$tmp"
        deb=$(hw_find_deb)
    fi
    rm -rf "$root" "$root.tmp"
    dpkg-deb -x "$deb" "$root.tmp" || hw_die "dpkg-deb -x $deb failed"
    [ -f "$root.tmp/boot/vmlinuz-$HW_ABI" ] || hw_die "$deb holds no boot/vmlinuz-$HW_ABI"
    touch "$root.tmp/.done"
    mv "$root.tmp" "$root"
    rm -f "$HW_KDIR/.vkms.stamp" "$HW_KDIR/.initramfs.stamp"
}

# 2. vkms.ko, built out of tree from linux-source-X.Y and patched (see
#    lib/vkms.patch for why).
hw_prepare_vkms() {
    local headers=/usr/src/linux-headers-$HW_ABI
    local series=${HW_ABI%%-*}; series=${series%.*}      # 6.1.0-56-amd64 -> 6.1
    local source=/usr/src/linux-source-$series.tar.xz
    local patch=$HW_DIR/lib/vkms.patch
    local build=$HW_KDIR/vkms dest=$HW_KDIR/root/lib/modules/$HW_ABI/updates
    local stamp
    stamp=$(hw_hash "$patch")
    [ -f "$dest/vkms.ko" ] && [ "$(cat "$HW_KDIR/.vkms.stamp" 2>/dev/null)" = "$stamp" ] && return

    # The compiler the kernel was built with (gcc-12 for bookworm's 6.1).
    local cc
    cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\{0,1\}\([^ "]*\).*/\1/p' "$headers/include/config/auto.conf")
    command -v "${cc:-gcc}" >/dev/null 2>&1 || hw_missing "compiler ${cc:-gcc} (package ${cc:-gcc})"
    hw_note "building vkms.ko against linux-headers-$HW_ABI"
    rm -rf "$build" && mkdir -p "$build"
    tar -xJf "$source" -C "$build" --strip-components=5 \
        "linux-source-$series/drivers/gpu/drm/vkms" \
        || hw_die "cannot extract drivers/gpu/drm/vkms from $source"
    (cd "$build" && busybox patch -p1 <"$patch") >"$build/patch.log" 2>&1 \
        || { cat "$build/patch.log" >&2; hw_die "the vkms patch does not apply to $source"; }
    make -C "$headers" M="$build" CC="${cc:-gcc}" CONFIG_DRM_VKMS=m modules >"$build/build.log" 2>&1 \
        || { tail -n 30 "$build/build.log" >&2; hw_die "building vkms.ko failed (log: $build/build.log)"; }
    mkdir -p "$dest"
    cp "$build/vkms.ko" "$dest/vkms.ko"
    depmod -b "$HW_KDIR/root" "$HW_ABI" || hw_die "depmod failed"
    echo "$stamp" >"$HW_KDIR/.vkms.stamp"
    rm -f "$HW_KDIR/.initramfs.stamp"
}

# 2b. The uncompressed kernel (vmlinux, ELF). QEMU boots it through its PVH
#     entry point, which skips the bzImage's XZ decompression: under software
#     emulation that saves 4-5 s per boot. If it cannot be extracted the VM
#     boots the bzImage instead.
hw_prepare_vmlinux() {
    local bz=$HW_KDIR/root/boot/vmlinuz-$HW_ABI out=$HW_KDIR/vmlinux off
    if [ -f "$out" ] || [ -f "$out.none" ]; then return; fi
    for off in $(LC_ALL=C grep -aobP '\xFD7zXZ\x00' "$bz" | cut -d: -f1 | head -n 4); do
        # xz stops with an error at the data after the stream: expected.
        tail -c +$((off + 1)) "$bz" | xz -dcq >"$out.tmp" 2>/dev/null || true
        if [ "$(head -c 4 "$out.tmp" | od -An -c | tr -d ' ')" = '177ELF' ] \
           && readelf -n "$out.tmp" 2>/dev/null | grep -q 'Xen.*0x00000012'; then
            mv "$out.tmp" "$out"
            return
        fi
    done
    rm -f "$out.tmp"
    hw_note "could not extract vmlinux with a PVH entry from $bz; booting the bzImage (slower)"
    touch "$out.none"
}

# Ordered module paths (relative to the unpacked root) for a list of names.
hw_module_paths() {
    local name
    for name in "$@"; do
        modprobe -d "$HW_KDIR/root" -S "$HW_ABI" --show-depends "$name" \
            || hw_die "module $name not found for $HW_ABI"
    done | awk -v root="$HW_KDIR/root/" '$1 == "insmod" {
            p = $2; sub("^" root, "", p); if (!seen[p]++) print p }'
}

# Copies a module without its appended signature. The kernel does not
# enforce signatures; unsigned modules just skip the check (a SHA-512 and
# RSA verification per module, slow under emulation) and taint the kernel,
# as the out-of-tree vkms does anyway.
hw_copy_unsigned() {
    local src=$1 dst=$2 size b
    local magic='~Module signature appended~'
    size=$(stat -c %s "$src")
    if printf '%s\n' "$magic" | cmp -s - <(tail -c 28 "$src"); then
        # struct module_signature (12 bytes, sig_len big-endian at its end)
        # precedes the 28-byte magic; the signature precedes that.
        b=($(tail -c 32 "$src" | head -c 4 | od -An -tu1))
        head -c $((size - 40 - (b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]))) "$src" >"$dst"
    else
        cp "$src" "$dst"
    fi
}

# 3. The initramfs: static busybox, the modules, our /init. Nothing else; the
#    VM chroots into the host's root shared over 9p.
hw_prepare_initramfs() {
    local out=$HW_KDIR/initramfs.cpio.gz stamp stage list path
    # (bump "v2" when the way the initramfs is built changes)
    stamp=$(echo "v2 $HW_MODULES_BASE $HW_MODULES_VKMS $HW_MODULES_GPU" \
            | hw_hash - "$HW_DIR/initramfs/init" /bin/busybox \
                      "$HW_KDIR/root/lib/modules/$HW_ABI/updates/vkms.ko")
    [ -f "$out" ] && [ "$(cat "$HW_KDIR/.initramfs.stamp" 2>/dev/null)" = "$stamp" ] && return

    stage=$(mktemp -d "$HW_KDIR/initramfs.XXXXXX")
    mkdir -p "$stage"/{bin,dev,proc,sys,run,tmp,newroot,etc/modules}
    cp /bin/busybox "$stage/bin/busybox"
    install -m 755 "$HW_DIR/initramfs/init" "$stage/init"
    for list in base vkms gpu; do
        case $list in
            base) hw_module_paths $HW_MODULES_BASE ;;
            vkms) hw_module_paths $HW_MODULES_VKMS ;;
            gpu)  hw_module_paths $HW_MODULES_GPU ;;
        esac >"$stage/etc/modules/$list"
        while read -r path; do
            mkdir -p "$stage/$(dirname "$path")"
            hw_copy_unsigned "$HW_KDIR/root/$path" "$stage/$path"
        done <"$stage/etc/modules/$list"
    done
    echo "$HW_ABI" >"$stage/etc/kernel-abi"
    (cd "$stage" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) \
        | gzip -1 >"$out.tmp" || hw_die "building the initramfs failed"
    mv "$out.tmp" "$out"
    rm -rf "$stage"
    echo "$stamp" >"$HW_KDIR/.initramfs.stamp"
}

# Sets HW_ABI, HW_KDIR, HW_KERNEL (vmlinux or bzImage), HW_INITRAMFS.
hw_prepare() {
    hw_check_host
    HW_ABI=$(hw_kernel_abi) || exit 125
    HW_KDIR=$HW_CACHE/kernel-$HW_ABI
    local series=${HW_ABI%%-*}; series=${series%.*}      # 6.1.0-56-amd64 -> 6.1
    [ -d "/usr/src/linux-headers-$HW_ABI" ] || hw_missing "package linux-headers-$HW_ABI"
    [ -f "/usr/src/linux-source-$series.tar.xz" ] || hw_missing "package linux-source-$series"
    mkdir -p "$HW_KDIR"
    # One preparer at a time (several VMs may start together).
    exec 9>"$HW_KDIR/.lock"
    flock 9
    hw_prepare_kernel
    hw_prepare_vmlinux
    hw_prepare_vkms
    hw_prepare_initramfs
    flock -u 9
    exec 9>&-
    HW_KERNEL=$HW_KDIR/vmlinux
    [ -f "$HW_KERNEL" ] || HW_KERNEL=$HW_KDIR/root/boot/vmlinuz-$HW_ABI
    HW_INITRAMFS=$HW_KDIR/initramfs.cpio.gz
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    hw_prepare
    echo "$HW_KDIR"
fi
