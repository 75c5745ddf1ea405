"""
Writes an MRMS MESH_Max_1440min-like GRIB2 file with ecCodes, so the site's own decoder
(core/storms/radar/grib2.ts) is tested on files it did not write. Run with Debian's python3
(python3-eccodes); tests/support/mesh-files.ts calls it.

Reads a JSON spec on stdin:
  out        the path to write
  validAt    '2024-06-13T06:00:00Z': the reference time (dataDate, dataTime)
  grid       'conus' (7000 x 3500 from 54.995 N, 129.995 W) or
             {"north": 40.695, "west": -105.895, "rows": 190, "cols": 180} on the same 0.01 lattice
  bits       bitsPerValue of the PNG packing: 8, 16, 24 or 32 (ecCodes quantises at 8)
  gzip       true to gzip the file, as NOAA serves it
  truncate   optional: cut the written file (after gzip) to this many bytes
  parameter  optional {"discipline", "category", "number"}; default MESH, 209/3/34
  swaths     [{"latitude", "longitude", "radiusMi", "peakIn"}]: a dome of hail, its peak at the
             centre falling smoothly (a raised cosine) to 0 at radiusMi; overlapping swaths keep
             the larger value
  cells      [{"latitude", "longitude", "mm"}]: one cell set to exactly mm (after the swaths)
  noCoverage [{"north", "south", "west", "east"}]: set to -3 (no radar covers them)
  missing    [same]: set to -1 (missing)
  base       optional: the path of a file written before (gzipped or not); its message is
             taken as it is and only validAt and parameter (when given) are set on it, which
             ecCodes does without packing the values again (a CONUS grid's take seconds)
Values are in mm, 0 elsewhere, written with decimalScaleFactor 1.
"""

import gzip
import json
import math
import sys

import numpy as np
import eccodes as ec

CONUS = {"north": 54.995, "west": -129.995, "rows": 3500, "cols": 7000}
STEP = 0.01
MI_PER_DEG = 3958.8 * math.pi / 180


def cell_of(grid, latitude, longitude):
    return (
        int(round((grid["north"] - latitude) / STEP)),
        int(round((longitude - grid["west"]) / STEP)),
    )


def box_slice(grid, box):
    r0, c0 = cell_of(grid, box["north"], box["west"])
    r1, c1 = cell_of(grid, box["south"], box["east"])
    return slice(max(r0, 0), max(r1 + 1, 0)), slice(max(c0, 0), max(c1 + 1, 0))


def add_swath(values, grid, swath):
    lat0, lon0 = swath["latitude"], swath["longitude"]
    radius, peak = swath["radiusMi"], swath["peakIn"] * 25.4
    reach_lat = radius / MI_PER_DEG
    reach_lon = reach_lat / math.cos(math.radians(lat0))
    rows, cols = box_slice(
        grid,
        {"north": lat0 + reach_lat, "south": lat0 - reach_lat, "west": lon0 - reach_lon, "east": lon0 + reach_lon},
    )
    r = np.arange(rows.start, min(rows.stop, grid["rows"]))
    c = np.arange(cols.start, min(cols.stop, grid["cols"]))
    if r.size == 0 or c.size == 0:
        return
    lat = grid["north"] - r * STEP
    lon = grid["west"] + c * STEP
    dy = (lat[:, None] - lat0) * MI_PER_DEG
    dx = (lon[None, :] - lon0) * MI_PER_DEG * math.cos(math.radians(lat0))
    d = np.sqrt(dx * dx + dy * dy) / radius
    dome = np.where(d < 1, peak * np.cos(np.minimum(d, 1) * math.pi / 2) ** 2, 0)
    block = values[r[0] : r[-1] + 1, c[0] : c[-1] + 1]
    np.maximum(block, dome, out=block)


def field(spec, grid):
    values = np.zeros((grid["rows"], grid["cols"]), dtype=np.float64)
    for swath in spec.get("swaths", []):
        add_swath(values, grid, swath)
    for cell in spec.get("cells", []):
        r, c = cell_of(grid, cell["latitude"], cell["longitude"])
        if not (0 <= r < grid["rows"] and 0 <= c < grid["cols"]):
            sys.exit(f"write_mesh: cell {cell} is outside the grid")
        values[r, c] = cell["mm"]
    for box in spec.get("noCoverage", []):
        values[box_slice(grid, box)] = -3
    for box in spec.get("missing", []):
        values[box_slice(grid, box)] = -1
    return values


def message(spec, grid, values):
    h = ec.codes_grib_new_from_samples("GRIB2")
    set_labels(h, {"parameter": {"discipline": 209, "category": 3, "number": 34}, **spec})
    ec.codes_set(h, "gridType", "regular_ll")
    rows, cols = grid["rows"], grid["cols"]
    west360 = grid["west"] % 360
    for key, value in [
        ("Ni", cols),
        ("Nj", rows),
        ("latitudeOfFirstGridPointInDegrees", grid["north"]),
        ("longitudeOfFirstGridPointInDegrees", west360),
        ("latitudeOfLastGridPointInDegrees", grid["north"] - STEP * (rows - 1)),
        ("longitudeOfLastGridPointInDegrees", west360 + STEP * (cols - 1)),
        ("iDirectionIncrementInDegrees", STEP),
        ("jDirectionIncrementInDegrees", STEP),
        ("scanningMode", 0),
    ]:
        ec.codes_set(h, key, value)
    ec.codes_set(h, "packingType", "grid_png")
    ec.codes_set(h, "bitsPerValue", spec.get("bits", 16))
    ec.codes_set(h, "decimalScaleFactor", 1)
    ec.codes_set_values(h, values.ravel())
    data = ec.codes_get_message(h)
    ec.codes_release(h)
    return data


def set_labels(h, spec):
    if "parameter" in spec:
        p = spec["parameter"]
        ec.codes_set(h, "discipline", p["discipline"])
        ec.codes_set(h, "parameterCategory", p["category"])
        ec.codes_set(h, "parameterNumber", p["number"])
    if "validAt" in spec:
        t = spec["validAt"]  # 2024-06-13T06:00:00Z
        ec.codes_set(h, "dataDate", int(t[0:4] + t[5:7] + t[8:10]))
        ec.codes_set(h, "dataTime", int(t[11:13] + t[14:16]))


def relabelled(spec):
    with open(spec["base"], "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    h = ec.codes_new_from_message(data)
    set_labels(h, spec)
    out = ec.codes_get_message(h)
    ec.codes_release(h)
    return out


def main():
    spec = json.load(sys.stdin)
    if "base" in spec:
        data = relabelled(spec)
    else:
        grid = CONUS if spec.get("grid", "conus") == "conus" else spec["grid"]
        values = field(spec, grid)
        if values.min() == values.max():
            # ecCodes 2.28 aborts on PNG-packing a constant field (an assertion in
            # grib_accessor_class_data_png_packing.c); real MESH files always have some -3.
            sys.exit("write_mesh: every value is the same; ecCodes cannot PNG-pack that: add a swath or a noCoverage box")
        data = message(spec, grid, values)
    if spec.get("gzip", True):
        data = gzip.compress(data, compresslevel=6)
    if spec.get("truncate") is not None:
        data = data[: spec["truncate"]]
    with open(spec["out"], "wb") as f:
        f.write(data)


main()
