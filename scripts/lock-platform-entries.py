#!/usr/bin/env python3
"""Adds lock entries for optional platform packages this machine's registry does not serve.

npm records every platform's optional binaries in package-lock.json with their os/cpu, and `npm ci`
skips the ones that do not match the machine without fetching them. When the registry answers 404 for
them (as the mirror these machines use does for some), npm leaves them out of the lock and `npm ci`
then refuses the lock as out of sync. This writes the missing entries with their platform constraints.
Run after `npm install` changes the lock: python3 scripts/lock-platform-entries.py
"""
import json
import re

LOCK = "package-lock.json"
lock = json.load(open(LOCK))
packages = lock["packages"]


def platform(name):
    n = name.lower()
    os_ = next((o for o in ["darwin", "linux", "win32", "freebsd", "android", "openbsd", "sunos"] if o in n), None)
    cpu = next((c for c in ["arm64", "x64", "ia32", "arm", "wasm32", "riscv64", "ppc64", "s390x"] if re.search(rf"[-_]{c}([-_]|$)", n)), None)
    entry = {}
    if os_:
        entry["os"] = [os_]
    if cpu:
        entry["cpu"] = [cpu]
    if "musl" in n:
        entry["libc"] = ["musl"]
    elif os_ == "linux" and ("gnu" in n or "gnueabihf" in n):
        entry["libc"] = ["glibc"]
    return entry


def resolves(path, dep):
    base = path
    while True:
        candidate = (base + "/node_modules/" if base else "node_modules/") + dep
        if candidate in packages:
            return True
        if not base:
            return False
        i = base.rfind("/node_modules/")
        base = base[:i] if i >= 0 else ""


added = []
for path, pkg in list(packages.items()):
    for dep, version in (pkg.get("optionalDependencies") or {}).items():
        if resolves(path, dep):
            continue
        constraints = platform(dep)
        if not constraints:
            raise SystemExit(f"{dep}: cannot tell its platform; add it by hand")
        packages[f"node_modules/{dep}"] = {"version": version, "dev": pkg.get("dev", False), "optional": True, **constraints}
        if not packages[f"node_modules/{dep}"]["dev"]:
            del packages[f"node_modules/{dep}"]["dev"]
        added.append(dep)

lock["packages"] = dict(sorted(packages.items(), key=lambda kv: (kv[0] != "", kv[0])))
with open(LOCK, "w") as f:
    json.dump(lock, f, indent=2)
    f.write("\n")
print(f"added {len(added)} platform entries" + (": " + ", ".join(added) if added else ""))
