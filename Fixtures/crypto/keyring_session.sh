#!/usr/bin/env bash
# Runs inside `dbus-run-session`: starts gnome-keyring's Secret Service unlocked with a throwaway
# password in a throwaway HOME, then runs the commands given ("$@") with tasker on $TASKER.
set -euo pipefail
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/.local/share"
mkdir -p "$XDG_DATA_HOME"
eval "$(printf 'test-password' | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)"
eval "$(gnome-keyring-daemon --start --components=secrets 2>/dev/null)"
# The daemon answers before its login collection is unlocked and can store: wait (up to 60 s: on a
# loaded CI box 10 s was seen to be too short) until a throwaway item can be stored, so the test sees
# a ready keyring instead of racing its start; say so on stderr when it never became ready.
ready=0
for _ in $(seq 1 600); do
    if printf probe | secret-tool store --label=probe tasker-test probe 2>/dev/null; then
        secret-tool clear tasker-test probe 2>/dev/null || true
        ready=1
        break
    fi
    sleep 0.1
done
[ "$ready" = 1 ] || echo "keyring_session.sh: gnome-keyring could not store an item within 60 s" >&2
status=0
"$@" || status=$?
[ -n "${GNOME_KEYRING_PID:-}" ] && kill "$GNOME_KEYRING_PID" 2>/dev/null
exit $status
