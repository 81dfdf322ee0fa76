#!/usr/bin/env python3
"""Regenerate src/json/float_vectors.txt: number texts near the halfway points between doubles,
and the double Python's float() (correctly rounded, David Gay's algorithm) reads from each, as
the bits in hex, or `inf`. Read by the tests of src/json/float.rs. Dev-time only; seeded."""
import pathlib, random, struct

rng = random.Random(20261127)
out = []


def add(text):
    f = float(text)
    out.append(f"{text}\t{'inf' if f == float('inf') else struct.pack('>d', f).hex()}")


def halfway(m, e):
    """(2m + 1) × 2^(e - 1) exactly, as digits and a power of ten."""
    n, k = 2 * m + 1, e - 1
    return (str(n << k), 0) if k >= 0 else (str(n * 5 ** -k), k)


def variants(m, e):
    digits, exp = halfway(m, e)
    add(f"{digits}e{exp}")                        # exactly halfway: ties to even
    add(f"{digits}1e{exp - 1}")                   # just above
    below = str(int(digits) - 1)
    add(f"{below}9e{exp - 1}")                    # just below
    for keep in (17, 19, 20, 25, 40):             # cut short: near, not at, the halfway point
        if len(digits) > keep:
            head = digits[:keep]
            add(f"{head[0]}.{head[1:]}e{exp + len(digits) - 1}")
            up = str(int(head) + 1)
            add(f"{up[0]}.{up[1:]}e{exp + len(digits) - 1 + len(up) - keep}")


for i in range(400):
    m = (1 << 52) | rng.getrandbits(52)
    # Mostly exponents with short halfway texts, some anywhere in the normal range.
    e = rng.randint(-90, 70) if i % 40 else rng.randint(-1074, 971)
    variants(m, e)
for i in range(8):                                # subnormals: 767-digit halfway points
    variants(rng.getrandbits(rng.randint(1, 52)), -1074)
variants((1 << 53) - 1, 971)                      # between the largest double and 2^1024
variants(1 << 52, -1074)                          # the smallest normal
variants(0, -1074)                                # 2^-1075: half the smallest subnormal
for t in ["4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400",
          "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
          "1e309", "1e-300", "9007199254740993", "1.0000000000000002e15",
          "123456789012345678.9", "0e999999", "1e000000000000000000000000000000000000000000300"]:
    add(t)
path = pathlib.Path(__file__).resolve().parent.parent / "src/json/float_vectors.txt"
path.write_text("\n".join(out) + "\n")
