#!/usr/bin/env bash
# Runs inside `dbus-run-session --config-file=session-bus.conf` (a bus that activates nothing):
# starts one gnome-keyring with its Secret Service, unlocked with a throwaway password in a throwaway
# HOME, then runs the commands given ("$@") with tasker on $TASKER.
set -euo pipefail
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/.local/share"
mkdir -p "$XDG_DATA_HOME"
# One daemon: `--unlock` creates and unlocks the login keyring, then registers the Secret Service.
# No `gnome-keyring-daemon --start` after it (the PAM order): when the first daemon was still busy,
# that second process claimed the bus as a daemon of its own, without the password, so the login
# collection it served stayed locked for the whole test (seen under load on CI).
# It leaves when the session bus closes, at the end of dbus-run-session.
printf 'test-password' | gnome-keyring-daemon --unlock --components=secrets > /dev/null 2>&1
# The parent returns before the daemon has unlocked the keyring and joined the bus: wait (up to
# 60 s; on a loaded CI box 10 s was seen to be too short) until a throwaway item can be stored, so
# the test sees a ready keyring instead of racing its start; say so on stderr when it never did.
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
exit $status
