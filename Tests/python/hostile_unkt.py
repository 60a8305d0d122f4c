"""Writes one hostile .unkt bundle for the TaskIO tests: python3 hostile_unkt.py CASE OUT.unkt.

Each case is a bundle a careful importer must refuse without writing anything."""
import hashlib, json, struct, sys, zipfile

UUID = "0b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b"
TASK = {"uuid": UUID, "title": "Hostile", "created": "2026-03-10T10:00:00+00:00", "modified": "2026-03-10T10:00:00+00:00"}


def manifest(files, schema_version=5):
    return json.dumps({
        "format": "unkt", "version": 1, "schema_version": schema_version, "generator": "hostile", "created": "2026-03-10T10:00:00+00:00",
        "counts": {}, "files": [{"path": n, "size": len(b), "sha256": hashlib.sha256(b).hexdigest()} for n, b in files],
    }).encode()


def write(out, files, listed=None, extra=()):
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.json", manifest(listed if listed is not None else files))
        for n, b in files:
            z.writestr(n, b)
        for info, b in extra:
            z.writestr(info, b)


def main(case, out):
    tasks = (json.dumps(TASK) + "\n").encode()
    if case == "zip-slip":
        write(out, [("tasks.jsonl", tasks), ("../evil.jsonl", tasks)])
    elif case == "absolute":
        write(out, [("tasks.jsonl", tasks), ("/tmp/evil.jsonl", tasks)])
    elif case == "symlink":
        info = zipfile.ZipInfo("pages/link.md")
        info.create_system = 3
        info.external_attr = (0o120777 << 16)
        write(out, [("tasks.jsonl", tasks)], extra=[(info, b"/etc/passwd")])
    elif case == "hash-mismatch":
        other = (json.dumps(dict(TASK, title="Altered")) + "\n").encode()
        write(out, [("tasks.jsonl", other)], listed=[("tasks.jsonl", tasks)])
    elif case == "huge-declared":
        write(out, [("tasks.jsonl", tasks)])
        data = bytearray(open(out, "rb").read())
        # Central directory entries: set the declared uncompressed size of tasks.jsonl to 2 GiB.
        at = data.find(b"PK\x01\x02", 0)
        while at != -1:
            name_len = struct.unpack_from("<H", data, at + 28)[0]
            if data[at + 46:at + 46 + name_len] == b"tasks.jsonl":
                struct.pack_into("<I", data, at + 24, 2 * 1024 ** 3)
            at = data.find(b"PK\x01\x02", at + 4)
        # The local header says the same, so the archive stays consistent and only the size is wrong.
        at = data.find(b"PK\x03\x04", 0)
        while at != -1:
            name_len = struct.unpack_from("<H", data, at + 26)[0]
            if data[at + 30:at + 30 + name_len] == b"tasks.jsonl":
                struct.pack_into("<I", data, at + 22, 2 * 1024 ** 3)
            at = data.find(b"PK\x03\x04", at + 4)
        open(out, "wb").write(bytes(data))
    elif case == "truncated":
        write(out, [("tasks.jsonl", tasks * 50)])
        data = open(out, "rb").read()
        open(out, "wb").write(data[: len(data) // 2])
    elif case == "duplicate-uuid":
        write(out, [("tasks.jsonl", tasks + tasks)])
    elif case == "manifest-not-first":
        with zipfile.ZipFile(out, "w") as z:
            z.writestr("tasks.jsonl", tasks)
            z.writestr("manifest.json", manifest([("tasks.jsonl", tasks)]))
    elif case == "newer-schema":
        with zipfile.ZipFile(out, "w") as z:
            z.writestr("manifest.json", manifest([("tasks.jsonl", tasks)], schema_version=9999))
            z.writestr("tasks.jsonl", tasks)
    elif case == "million-entries":
        # A small archive whose end records (ZIP64, as a writer of that many entries makes them) declare
        # 1,000,001 entries: refused on the count alone, before the directory is read.
        write(out, [("tasks.jsonl", tasks)])
        data = open(out, "rb").read()
        end = data.rfind(b"PK\x05\x06")
        cd_size, cd_offset = struct.unpack_from("<II", data, end + 12)
        body = data[:end]
        zip64 = struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0, 1_000_001, 1_000_001, cd_size, cd_offset)
        locator = struct.pack("<IIQI", 0x07064B50, 0, len(body), 1)
        eocd = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
        open(out, "wb").write(body + zip64 + locator + eocd)
    else:
        raise SystemExit("unknown case " + case)


main(sys.argv[1], sys.argv[2])
