#!/bin/sh
# A private Secret Service for one test file. Run as:
#   dbus-run-session -- sh keyring-session.sh
# Starts gnome-keyring's secrets component on this session bus, unlocked with a
# test password (its keyrings under $XDG_DATA_HOME, which the caller points at a
# temporary folder), or with IPCTL_TEST_KEYRING_LOCKED=1 started with no keyring
# unlocked (and no display to ask for a password at), prints the bus address, and stays until its stdin closes;
# then dbus-run-session ends the bus, and the keyring daemon with it.
set -eu
if [ "${IPCTL_TEST_KEYRING_LOCKED:-}" = 1 ]; then
  gnome-keyring-daemon --start --components=secrets >/dev/null
else
  printf '%s' "${IPCTL_TEST_KEYRING_PASSWORD:-test-password}" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
fi
echo "DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS"
cat >/dev/null
