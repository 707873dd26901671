"""Reads GPreempt's evaluation figures (Fan et al., USENIX ATC 2025) off the images that
thustorage/GPreempt keeps in scripts/plot/plot.ipynb, and writes gpreempt-figures.csv.

The notebook's outputs are the PNGs of its plots of Figures 4-7 (seaborn bar charts). For each
figure this script decodes the PNG (standard library only), finds the horizontal gridlines (rows
where most pixels are the grid grey), calibrates value per pixel row from the two topmost
gridlines and the value of the top one and the tick step (read off the axis labels by eye and
given below), checks that every other gridline falls on a tick within half a pixel, and then
reads every bar: adjacent pixel columns whose pixel on the baseline row has one saturated colour
form a bar, and its end is, in the bar's middle column, the last row of that colour above the
baseline, or of its outline beyond it where the bars are outlined (Fig. 5); the downward LC bars of
Fig. 5 (hatched) end at their last row before the background, in the columns of the bars above
them. Bars are matched
to workloads and methods by their order (the notebook's WORKLOAD_ORDER and its method order,
which the legends show). Reading error: two pixel rows (the bar's antialiased or outlined edge),
given per figure in the `reading_error` column.

Run: python3 docs/data/gpreempt-figures.py PATH/TO/plot.ipynb > docs/data/gpreempt-figures.csv
(the notebook of thustorage/GPreempt @249ee3e). Python 3 standard library only; not run by the
build.
"""
import base64, json, struct, sys, zlib

WORKLOADS = ['A', 'B', 'C', 'D', 'E', 'REAL', 'Y', 'Z']
GRID = (204, 204, 204)
# figure and panel (all of the CUDA runs, on the A100), series, the notebook cell and output holding it, methods in bar order, the value of the
# top gridline, the tick step, the unit, and whether LC bars go down (Fig. 5 only)
FIGURES = [
    ('4a', 'LC latency', 5, 0, ['NP', 'SEQ', 'WB', 'LCO', 'GP'], 10.0, 2.0, 'ms'),
    ('5a', 'BE throughput', 7, 0, ['NP', 'SEQ', 'WB', 'LCO', 'GP'], 500.0, 100.0, 'req/s'),
    ('6', 'additional LC latency', 9, 0, ['WB', 'GP(w/o pre)', 'GP'], 800.0, 100.0, 'us'),
]


def decode_png(data):
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat = 8, b''
    while pos < len(data):
        n, = struct.unpack('>I', data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b'IHDR':
            w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            assert depth == 8 and interlace == 0 and ctype in (2, 6), 'unsupported PNG'
            bpp = 3 if ctype == 2 else 4
        elif kind == b'IDAT':
            idat += body
    raw, stride, rows, prev, i = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return rows


def saturated(c):
    return max(c) - min(c) > 30


def alike(a, b):
    return sum(abs(p - q) for p, q in zip(a, b)) < 30


def background(c):
    return min(c) > 195 and not saturated(c)


def gridlines(im):
    w = len(im[0])
    return [y for y, row in enumerate(im) if sum(1 for c in row if c == GRID) > w * 0.3]


def baseline(im, grid):
    """The zero line: the lowest dark or grey full-width row of the axes."""
    w = len(im[0])
    dark = [y for y, row in enumerate(im) if sum(1 for c in row if max(c) < 60) > w * 0.5]
    if dark:
        return dark[0]
    frame = [y for y, row in enumerate(im) if sum(1 for c in row if c == (210, 210, 210)) > w * 0.5]
    return frame[-1]


def bars(im, zero):
    """(middle column, end row) of every bar rising from the zero row, left to right."""
    probe = zero - 2
    cols = []
    for x in range(len(im[0])):
        c = im[probe][x]
        if not saturated(c):
            cols.append(None)
            continue
        y = probe
        while y > 0 and alike(im[y - 1][x], c):
            y -= 1
        while y > 0 and not background(im[y - 1][x]):
            y -= 1  # an outlined bar (Fig. 5): its edge is the outline's outermost row
        cols.append((c, y))
    found, i = [], 0
    while i < len(cols):
        if cols[i] is None:
            i += 1
            continue
        j = i
        while j + 1 < len(cols) and cols[j + 1] is not None and alike(cols[j + 1][0], cols[i][0]):
            j += 1
        if j - i >= 3:
            found.append(((i + j) // 2, cols[(i + j) // 2][1]))
        i = j + 1
    return found


def down_bars(im, zero, columns):
    """The end row of the bar going down from the zero row in each of these columns: its last row
    before the background (hatching and outline are part of the bar)."""
    ends = []
    for x in columns:
        y = zero + 2
        while y + 1 < len(im) and not background(im[y + 1][x]):
            y += 1
        ends.append(y)
    return ends


def main(path):
    nb = json.load(open(path, encoding='utf-8'))
    print('# GPreempt (Fan et al., USENIX ATC 2025), Figs. 4a, 5a and 6 (the CUDA runs, A100), read'
          ' off the images in')
    print('# thustorage/GPreempt @249ee3e: scripts/plot/plot.ipynb (Apache-2.0) by'
          ' docs/data/gpreempt-figures.py')
    print('figure,series,workload,method,value,unit,reading_error')
    for fig, panel, cell, output, methods, top, step, unit in FIGURES:
        images = [o['data']['image/png'] for o in nb['cells'][cell]['outputs']
                  if 'data' in o and 'image/png' in o['data']]
        im = decode_png(base64.b64decode(images[output]))
        grid = gridlines(im)
        # from the top gridline to the one farthest from it (ticks between counted from the
        # first spacing); every gridline must then fall on a tick within one pixel row
        span = round((grid[-1] - grid[0]) / (grid[1] - grid[0]))
        per_px = span * step / (grid[-1] - grid[0])
        for y in grid:
            ticks = (grid[0] - y) * per_px / step
            assert abs(ticks - round(ticks)) * step / per_px <= 1, (fig, y, ticks)
        zero = baseline(im, grid)
        value = lambda y: top + (grid[0] - y) * per_px
        assert abs(value(zero)) <= per_px, (fig, 'the zero line is off a tick', value(zero))
        err = 2 * per_px
        print(f'# Fig. {fig}: gridlines at pixel rows {grid}, {per_px:.5f} {unit} per row, zero'
              f' at row {zero}', file=sys.stderr)
        up = bars(im, zero)
        series = [('', methods, [y for _, y in up])]
        if fig == '5a':
            # LC alone (LCO) runs no BE task, so no bar upwards: its column is midway between its
            # neighbours' (WB and GP), as the bars stand side by side at equal widths
            per = len(methods) - 1
            columns = []
            for k in range(len(WORKLOADS)):
                x = [c for c, _ in up[k * per:(k + 1) * per]]
                columns += x[:3] + [(x[2] + x[3]) // 2, x[3]]
            series = [('', [m for m in methods if m != 'LCO'], [y for _, y in up]),
                      ('LC throughput', methods, down_bars(im, zero, columns))]
        for label, methods, ends in series:
            assert len(ends) == len(WORKLOADS) * len(methods), (fig, label, len(ends))
            for k, y in enumerate(ends):
                wl, m = WORKLOADS[k // len(methods)], methods[k % len(methods)]
                p = label or panel
                digits = 3 if unit == 'ms' else 1
                print(f'{fig},{p},{wl},{m},{abs(value(y)):.{digits}f},{unit},{err:.{digits}f}')


if __name__ == '__main__':
    main(sys.argv[1])
