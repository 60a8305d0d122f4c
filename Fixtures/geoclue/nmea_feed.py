#!/usr/bin/env python3
"""NMEA GGA sentences on a UNIX socket for GeoClue's `--nmea-socket` (its network-nmea source).

Usage: nmea_feed.py SOCKET CONTROL_FILE [SEED]
Every half second each connected GeoClue gets one $GPGGA sentence for the position CONTROL_FILE
names now ("LAT LON [JITTER_M]"), moved by up to JITTER_M metres of seeded noise, so a test walks
into and out of a place by rewriting the file. Prints "connected" for each connection.
"""
import datetime
import functools
import math
import operator
import os
import random
import socket
import sys
import threading
import time

path, control = sys.argv[1], sys.argv[2]
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 20261202)
EARTH = 6371008.8


def position():
    try:
        with open(control) as f:
            parts = f.read().split()
        lat, lon = float(parts[0]), float(parts[1])
        jitter = float(parts[2]) if len(parts) > 2 else 0.0
    except (OSError, ValueError, IndexError):
        return None
    if jitter > 0:
        d, bearing = rng.uniform(0, jitter), rng.uniform(0, 2 * math.pi)
        lat += math.degrees(d * math.cos(bearing) / EARTH)
        lon += math.degrees(d * math.sin(bearing) / (EARTH * math.cos(math.radians(lat))))
    return lat, lon


def degrees_minutes(value, positive, negative, width):
    hemisphere = positive if value >= 0 else negative
    value = abs(value)
    whole = int(value)
    return f"{whole:0{width}d}{(value - whole) * 60:07.4f}", hemisphere


def gga(lat, lon):
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%H%M%S.%f")[:9]
    la, lh = degrees_minutes(lat, "N", "S", 2)
    lo, oh = degrees_minutes(lon, "E", "W", 3)
    body = f"GPGGA,{stamp},{la},{lh},{lo},{oh},1,08,0.9,50.0,M,0.0,M,,"
    checksum = functools.reduce(operator.xor, body.encode(), 0)
    return f"${body}*{checksum:02X}\r\n".encode()


def serve(connection):
    print("connected", flush=True)
    try:
        while True:
            here = position()
            if here:
                connection.sendall(gga(*here))
            time.sleep(0.5)
    except OSError:
        pass


if os.path.exists(path):
    os.unlink(path)
server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
server.bind(path)
server.listen(4)
while True:
    client, _ = server.accept()
    threading.Thread(target=serve, args=(client,), daemon=True).start()
