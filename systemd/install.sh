#!/bin/sh
# Installs jassref as a service on Raspberry Pi OS, from this checkout:
#   sudo systemd/install.sh
# The camera and GPIO libraries come from apt (python3-picamera2, python3-lgpio): pip
# cannot build them on the Pi, so the venv sees the system's packages
# (--system-site-packages), with numpy kept at 1.x for them (pi-constraints.txt). Run it
# again after `git pull` to update; your /etc/jassref/jassref.toml is kept.
set -eu

repo=$(cd "$(dirname "$0")/.." && pwd)
venv=/opt/jassref/venv
config=/etc/jassref/jassref.toml
unit=/etc/systemd/system/jassref.service

if [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run it as root: sudo $0" >&2
    exit 1
fi

echo "jassref: Debian packages (venv, camera, GPIO)"
apt-get update -qq
# Without the recommended desktop preview packages (Qt), which a table does not need.
apt-get install -y -qq --no-install-recommends python3-venv python3-picamera2 python3-lgpio

echo "jassref: the user jassref, in the groups video (camera) and gpio (pins)"
getent group gpio >/dev/null || groupadd --system gpio
if ! id jassref >/dev/null 2>&1; then
    useradd --system --user-group --home-dir /var/lib/jassref --no-create-home \
        --shell /usr/sbin/nologin jassref
fi
usermod --append --groups video,gpio jassref

echo "jassref: the program, in $venv"
python3 -m venv --system-site-packages "$venv"
"$venv/bin/pip" install --quiet --root-user-action=ignore --upgrade pip
"$venv/bin/pip" install --quiet --root-user-action=ignore \
    --constraint "$repo/systemd/pi-constraints.txt" "${repo}[pi]"

echo "jassref: the settings, in $config"
install -d -m 0755 "$(dirname "$config")"
if [ ! -e "$config" ]; then
    install -m 0644 "$repo/systemd/jassref.toml" "$config"
fi

echo "jassref: the service"
install -m 0644 "$repo/systemd/jassref.service" "$unit"
systemctl daemon-reload
systemctl enable jassref.service
systemctl restart jassref.service
echo "jassref: started; 'journalctl -u jassref -f' shows what it says"
