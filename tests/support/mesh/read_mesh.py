"""
Reads a GRIB2 file (gzipped or not) with ecCodes and prints, as JSON, what ecCodes makes of its
one message: the packing's keys and every value in scanning order. The tests compare the site's
decoder (core/storms/radar/grib2.ts) with it. Usage: /usr/bin/python3 read_mesh.py FILE
"""

import gzip
import json
import sys

import eccodes as ec

with open(sys.argv[1], "rb") as f:
    data = f.read()
if data[:2] == b"\x1f\x8b":
    data = gzip.decompress(data)
h = ec.codes_new_from_message(data)
out = {
    key: ec.codes_get(h, key)
    for key in ["Ni", "Nj", "bitsPerValue", "referenceValue", "binaryScaleFactor", "decimalScaleFactor"]
}
out["values"] = ec.codes_get_values(h).tolist()
ec.codes_release(h)
json.dump(out, sys.stdout)
