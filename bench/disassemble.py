#!/usr/bin/env python3
# Copyright 2026 The twochoice Authors
# SPDX-License-Identifier: Apache-2.0
"""Disassembles a method compiled by C2 from a JVM log, without the hsdis plugin.

Without hsdis, -XX:CompileCommand=print,<method> makes HotSpot print the machine code of each
compile as hex words; this script decodes the last C2 compile of the method whose name contains
PATTERN with objdump (binutils) and prints it, one instruction per line.

    java -jar bench/target/benchmarks.jar 'ReadBenchmark.getHit' -p size=1000 -p impl=Cuckoo \\
        -p keyType=Integer -f 1 -wi 3 -i 1 -jvmArgsAppend "-XX:+UnlockDiagnosticVMOptions \\
        -XX:CompileCommand=print,*ReadBenchmark_getHit_jmhTest::getHit_thrpt_jmhStub" > jit.log
    python3 bench/disassemble.py jit.log getHit_thrpt_jmhStub
"""
import re
import subprocess
import sys
import tempfile

CODE_LINE = re.compile(r"\s*0x([0-9a-f]+): ((?:[0-9a-f]{4} ?[0-9a-f]{0,4} ?\|? ?)+)$")


def last_c2_compile(lines, pattern):
    starts = [
        i for i, line in enumerate(lines)
        if line.startswith("Compiled method (c2)") and pattern in line
    ]
    if not starts:
        sys.exit(f"no C2 compile of a method matching {pattern!r} in the log")
    return starts[-1]


def machine_code(lines, start):
    """Returns (address, bytes) of the [MachCode] section after line `start`."""
    code, base, inside = bytearray(), None, False
    for line in lines[start:]:
        if line.startswith("[MachCode]"):
            inside = True
            continue
        if not inside:
            continue
        if line.startswith("[/MachCode]") or line.startswith("[Stub Code]"):
            break
        match = CODE_LINE.match(line)
        if match:
            address = int(match.group(1), 16)
            base = address if base is None else base
            words = bytes.fromhex(re.sub(r"[^0-9a-f]", "", match.group(2)))
            offset = address - base
            code.extend(b"\x90" * (offset - len(code)))
            code[offset:offset + len(words)] = words
    return base, bytes(code)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: disassemble.py LOG PATTERN")
    lines = open(sys.argv[1], encoding="utf-8", errors="replace").read().split("\n")
    base, code = machine_code(lines, last_c2_compile(lines, sys.argv[2]))
    with tempfile.NamedTemporaryFile(suffix=".bin") as f:
        f.write(code)
        f.flush()
        out = subprocess.run(
            ["objdump", "-D", "-b", "binary", "-mi386:x86-64", f"--adjust-vma={hex(base)}", f.name],
            capture_output=True, text=True, check=True).stdout
    for line in out.split("\n"):
        if re.match(r"\s+[0-9a-f]+:\t.*\t", line):  # an instruction, not the rest of its bytes
            print(line)


if __name__ == "__main__":
    main()
