"""
Reads a GRIB2 file (gzipped or not) with ecCodes and prints, as JSON, what ecCodes makes of its
one message: its parameter, grid and packing keys, and every value in scanning order. The tests
compare the site's decoder (core/storms/radar/grib2.ts) with it.

Usage: /usr/bin/python3 read_mesh.py FILE [--values-f32 OUT]
With --values-f32 the values are written to OUT as little-endian float32 instead of into the JSON
(a CONUS grid's 24.5 million values are 98 MB that way, and would take seconds to print and parse).
"""

import gzip
import json
import sys

import numpy as np
import eccodes as ec

with open(sys.argv[1], "rb") as f:
    data = f.read()
if data[:2] == b"\x1f\x8b":
    data = gzip.decompress(data)
h = ec.codes_new_from_message(data)
out = {
    key: ec.codes_get(h, key)
    for key in [
        "discipline",
        "parameterCategory",
        "parameterNumber",
        "Ni",
        "Nj",
        "bitsPerValue",
        "referenceValue",
        "binaryScaleFactor",
        "decimalScaleFactor",
    ]
}
values = ec.codes_get_values(h)
if len(sys.argv) > 3 and sys.argv[2] == "--values-f32":
    values.astype("<f4").tofile(sys.argv[3])
else:
    out["values"] = values.tolist()
ec.codes_release(h)
json.dump(out, sys.stdout)
