#!/usr/bin/env bash
# Runs inside `dbus-run-session`: starts gnome-keyring's Secret Service unlocked with a throwaway
# password in a throwaway HOME, then runs the commands given ("$@") with tasker on $TASKER.
set -euo pipefail
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/.local/share"
mkdir -p "$XDG_DATA_HOME"
eval "$(printf 'test-password' | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)"
eval "$(gnome-keyring-daemon --start --components=secrets 2>/dev/null)"
status=0
"$@" || status=$?
[ -n "${GNOME_KEYRING_PID:-}" ] && kill "$GNOME_KEYRING_PID" 2>/dev/null
exit $status
