// 3D props in world space: boxes, buildings, parasols, tents, bunting, poles, benches.
import { ellipse, f1, line, mix, poly, shade } from './lib.mjs';
import { glow } from './elements.mjs';

const sub = (a, b) => a.map((v, i) => v - b[i]);
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const avg = (p) => [0, 1, 2].map((i) => p.reduce((s, q) => s + q[i], 0) / p.length);

/** Convex solid: draws the faces that look toward the camera. faces: [{ pts, fill, extra }] */
export function solid(cam, faces, center) {
  let s = '';
  for (const f of faces) {
    const c = avg(f.pts);
    let n = cross(sub(f.pts[1], f.pts[0]), sub(f.pts[2], f.pts[0]));
    if (dot(n, sub(c, center)) < 0) n = n.map((v) => -v);
    if (dot(n, sub(cam.pos, c)) > 0) s += poly(cam.poly(f.pts), f.fill) + (f.extra ? f.extra() : '');
  }
  return { depth: cam.depth(center), svg: s };
}
/** Axis-aligned box; col: { front (-z), back (+z), left (-x), right (+x), top, bottom } fill attributes. */
export function box(cam, [x0, y0, z0], [x1, y1, z1], col, extra = {}) {
  const F = (name, pts) => ({ pts, fill: col[name] ?? col.side ?? col.front, extra: extra[name] });
  return solid(
    cam,
    [
      F('front', [
        [x0, y0, z0],
        [x1, y0, z0],
        [x1, y1, z0],
        [x0, y1, z0],
      ]),
      F('back', [
        [x0, y0, z1],
        [x1, y0, z1],
        [x1, y1, z1],
        [x0, y1, z1],
      ]),
      F('left', [
        [x0, y0, z0],
        [x0, y0, z1],
        [x0, y1, z1],
        [x0, y1, z0],
      ]),
      F('right', [
        [x1, y0, z0],
        [x1, y0, z1],
        [x1, y1, z1],
        [x1, y1, z0],
      ]),
      F('top', [
        [x0, y1, z0],
        [x1, y1, z0],
        [x1, y1, z1],
        [x0, y1, z1],
      ]),
      F('bottom', [
        [x0, y0, z0],
        [x1, y0, z0],
        [x1, y0, z1],
        [x0, y0, z1],
      ]),
    ],
    [(x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2],
  );
}
/** Shaded box from one base colour (light from the upper left). */
export const boxC = (cam, a, b, c, extra) =>
  box(
    cam,
    a,
    b,
    {
      front: `fill="${c}"`,
      left: `fill="${shade(c, 0.08)}"`,
      right: `fill="${shade(c, -0.18)}"`,
      back: `fill="${shade(c, -0.1)}"`,
      top: `fill="${shade(c, 0.18)}"`,
      bottom: `fill="${shade(c, -0.3)}"`,
    },
    extra,
  );
/** Rectangle on a plane z = z (facing -z), e.g. windows and signs. */
export const panelZ = (cam, x0, y0, x1, y1, z, fill) =>
  poly(
    cam.poly([
      [x0, y0, z],
      [x1, y0, z],
      [x1, y1, z],
      [x0, y1, z],
    ]),
    fill,
  );
export const panelX = (cam, z0, y0, z1, y1, x, fill) =>
  poly(
    cam.poly([
      [x, y0, z0],
      [x, y0, z1],
      [x, y1, z1],
      [x, y1, z0],
    ]),
    fill,
  );

/** Grid of lit windows on the front (-z) face of a building. */
export function windowsZ(
  ctx,
  cam,
  { x0, x1, y0, y1, z, cols, rows = 1, frame = '#2b2b28', lit = '#ffd89a', litOp = 0.9, gap = 0.12 },
) {
  let s = panelZ(cam, x0, y0, x1, y1, z - 0.01, `fill="${frame}"`);
  const w = (x1 - x0) / cols,
    h = (y1 - y0) / rows;
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++) {
      const a = [x0 + i * w + gap, y0 + j * h + gap],
        b = [x0 + (i + 1) * w - gap, y0 + (j + 1) * h - gap];
      const [, vt] = cam.pt([0, b[1], z]),
        [, vb] = cam.pt([0, a[1], z]);
      const warm = ctx.lin(
        [
          [0, mix(lit, '#ffffff', 0.25)],
          [0.6, lit],
          [1, shade(lit, -0.3)],
        ],
        [0, vt, 0, vb],
        true,
      );
      s += panelZ(cam, a[0], a[1], b[0], b[1], z - 0.02, `fill="${warm}" opacity="${f1(litOp * ctx.rand(0.8, 1))}"`);
      if (b[1] - a[1] > 1.2) {
        // interior: ceiling lamp and a glass reflection
        const [u, v] = cam.pt([(a[0] + b[0]) / 2, b[1] - 0.25, z]),
          k = cam.scale([a[0], a[1], z]);
        s +=
          ellipse(u, v, k * 0.18, k * 0.06, 'fill="#fffbe8"') +
          ellipse(u, v + k * 0.1, k * 0.6, k * 0.3, 'fill="#fff3d0" opacity="0.35"');
        s += poly(
          cam.poly([
            [a[0] + (b[0] - a[0]) * 0.15, a[1], z - 0.03],
            [a[0] + (b[0] - a[0]) * 0.35, a[1], z - 0.03],
            [a[0] + (b[0] - a[0]) * 0.75, b[1], z - 0.03],
            [a[0] + (b[0] - a[0]) * 0.55, b[1], z - 0.03],
          ]),
          'fill="#ffffff" opacity="0.12"',
        );
      }
    }
  return s;
}

/** Parasol at (x, z): pole plus an octagonal canopy seen from below or above. */
export function parasol(_ctx, cam, x, z, { color = '#f4f4ef', r = 1.4, h = 2.3, y = 0, stripe } = {}) {
  const N = 10,
    apex = [x, y + h + 0.35, z];
  const rim = Array.from({ length: N }, (_, i) => [
    x + Math.cos((i / N) * 2 * Math.PI) * r,
    y + h,
    z + Math.sin((i / N) * 2 * Math.PI) * r,
  ]);
  const k = cam.scale([x, y + h, z]);
  let s = line([cam.pt([x, y, z]), cam.pt(apex)], `stroke="#3a3a36" stroke-width="${f1(Math.max(1, k * 0.05))}"`);
  const below = cam.pos[1] < y + h;
  const sorted = rim.map((p, i) => [p, rim[(i + 1) % N], i]).sort((a, b) => cam.depth(b[0]) - cam.depth(a[0]));
  for (const [a, b, i] of sorted) {
    const c = stripe && i % 2 ? stripe : color;
    s += poly(cam.poly([apex, a, b]), `fill="${below ? shade(c, -0.22) : shade(c, (i % 3) * 0.05)}"`);
  }
  for (const [a, b, i] of rim.map((p, i) => [p, rim[(i + 1) % N], i]))
    s += poly(
      cam.poly([a, b, [b[0], b[1] - 0.18, b[2]], [a[0], a[1] - 0.18, a[2]]]),
      `fill="${shade(stripe && i % 2 ? stripe : color, -0.05)}"`,
    );
  return { depth: cam.depth([x, y, z]), svg: s };
}

/** Pop-up event tent (square canopy with valance) centred at (x, z). */
export function tent(_ctx, cam, x, z, { w = 3, color = '#f6f6f2', trim = '#23a46a', h = 2.3 } = {}) {
  const [x0, x1, z0, z1] = [x - w / 2, x + w / 2, z - w / 2, z + w / 2];
  let s = '';
  for (const [lx, lz] of [
    [x0, z0],
    [x1, z0],
    [x0, z1],
    [x1, z1],
  ])
    s += line(
      [cam.pt([lx, 0, lz]), cam.pt([lx, h, lz])],
      `stroke="#cfcfca" stroke-width="${f1(Math.max(1, cam.scale([lx, 0, lz]) * 0.04))}"`,
    );
  const apex = [x, h + 0.9, z],
    ring = [
      [x0, h, z0],
      [x1, h, z0],
      [x1, h, z1],
      [x0, h, z1],
    ];
  const roof = ring.map((p, i) => ({
    pts: [p, ring[(i + 1) % 4], apex],
    fill: `fill="${shade(color, [-0.02, -0.12, -0.2, 0.04][i])}"`,
  }));
  const val = ring.map((p, i) => {
    const q = ring[(i + 1) % 4];
    return {
      pts: [p, q, [q[0], h - 0.3, q[2]], [p[0], h - 0.3, p[2]]],
      fill: `fill="${shade(trim, [0, -0.15, -0.25, 0.05][i])}"`,
    };
  });
  const under = { pts: ring.map(([a, , c]) => [a, h - 0.3, c]), fill: `fill="${shade(color, -0.35)}"` };
  s += solid(cam, [under, ...roof, ...val], [x, h, z]).svg;
  return { depth: cam.depth([x, 0, z]), svg: s };
}

/** Bunting: a sagging line of triangular flags between two world points. */
export function bunting(
  _ctx,
  cam,
  a,
  b,
  { n = 16, colors = ['#23a46a', '#d9f24a', '#ffffff', '#126a47'], sag = 0.6 } = {},
) {
  const P = (t) => [
    a[0] + (b[0] - a[0]) * t,
    a[1] + (b[1] - a[1]) * t - Math.sin(t * Math.PI) * sag,
    a[2] + (b[2] - a[2]) * t,
  ];
  let s = line(
    Array.from({ length: 21 }, (_, i) => cam.pt(P(i / 20))),
    `stroke="#f4f4ef" stroke-width="1.2" opacity="0.8"`,
  );
  for (let i = 0; i < n; i++) {
    const p = P((i + 0.25) / n),
      q = P((i + 0.75) / n),
      m = P((i + 0.5) / n);
    s += poly([cam.pt(p), cam.pt(q), cam.pt([m[0], m[1] - 0.3, m[2]])], `fill="${colors[i % colors.length]}"`);
  }
  return s;
}

/** Floodlight mast with lamp head; lit adds a glow. */
export function mast(ctx, cam, x, z, { h = 12, lit = false } = {}) {
  const k = cam.scale([x, h, z]),
    top = cam.pt([x, h, z]);
  let s = poly(
    cam.poly([
      [x - 0.1, 0, z],
      [x + 0.1, 0, z],
      [x + 0.06, h, z],
      [x - 0.06, h, z],
    ]),
    'fill="#3b4540"',
  );
  s += poly(
    cam.poly([
      [x - 0.6, h, z],
      [x + 0.6, h, z],
      [x + 0.6, h + 0.5, z],
      [x - 0.6, h + 0.5, z],
    ]),
    `fill="${lit ? '#fffbe8' : '#4b5550'}"`,
  );
  if (lit) s += glow(ctx, top[0], top[1] - k * 0.25, k * 4, '#fff4cf', 0.75);
  return s;
}
/** Park bench / spectators' bench along x at (x, z). */
export const bench = (cam, x, z, len = 2, c = '#7a5634') => [
  boxC(cam, [x - len / 2, 0.42, z], [x + len / 2, 0.47, z + 0.4], c),
  boxC(cam, [x - len / 2, 0.5, z + 0.35], [x + len / 2, 0.85, z + 0.4], c),
  boxC(cam, [x - len / 2 + 0.1, 0, z + 0.05], [x - len / 2 + 0.16, 0.42, z + 0.35], '#2e3431'),
  boxC(cam, [x + len / 2 - 0.16, 0, z + 0.05], [x + len / 2 - 0.1, 0.42, z + 0.35], '#2e3431'),
];
/** Bicycle (Dutch upright) standing along x; screen-space from a world anchor. */
export function bike(_ctx, cam, x, z, { color = '#1f2a26', dir = 1 } = {}) {
  const k = cam.scale([x, 0, z]),
    [u, v] = cam.pt([x, 0, z]),
    r = 0.34 * k,
    L = 1.1 * k * dir;
  const w = (cx) => ellipse(cx, v - r, r, r, `fill="none" stroke="#1c1c1c" stroke-width="${f1(k * 0.035)}"`);
  const fr = `stroke="${color}" stroke-width="${f1(k * 0.04)}" stroke-linecap="round"`;
  const b = u + L * 0.5,
    seat = [u + L * 0.1, v - 0.95 * k],
    bar = [u + L * 0.92, v - 1.05 * k];
  return {
    depth: cam.depth([x, 0, z]),
    svg:
      w(u) +
      w(u + L) +
      line([[u, v - r], [b - L * 0.05, v - r * 0.9], seat], fr) +
      line(
        [
          [b - L * 0.05, v - r * 0.9],
          [u + L * 0.78, v - 0.8 * k],
          [u + L, v - r],
        ],
        fr,
      ) +
      line([seat, [u + L * 0.78, v - 0.8 * k]], fr) +
      line([[u + L * 0.78, v - 0.8 * k], bar, [bar[0] - L * 0.12, bar[1]]], fr) +
      ellipse(seat[0], seat[1] - k * 0.03, k * 0.12, k * 0.04, 'fill="#1c1c1c"') +
      line(
        [
          [u - L * 0.05, v - r * 1.9],
          [u + L * 0.25, v - r * 1.9],
        ],
        fr,
      ),
  };
}
/** Flag on a pole (flag in screen space, waving). */
export function flagPole(_ctx, cam, x, z, { h = 7, color = '#23a46a', accent = '#d9f24a' } = {}) {
  const k = cam.scale([x, h, z]),
    [u, v] = cam.pt([x, h, z]),
    w = 1.5 * k,
    fh = 0.9 * k;
  let s = line([cam.pt([x, 0, z]), [u, v - k * 0.1]], `stroke="#e6e6e0" stroke-width="${f1(Math.max(1.2, k * 0.06))}"`);
  const wave = (dy) =>
    `M${f1(u)} ${f1(v + dy)} C${f1(u + w * 0.35)} ${f1(v + dy - fh * 0.2)} ${f1(u + w * 0.65)} ${f1(v + dy + fh * 0.2)} ${f1(u + w)} ${f1(v + dy + fh * 0.05)}`;
  s += `<path d="${wave(0)} L${f1(u + w)} ${f1(v + fh * 1.05)} C${f1(u + w * 0.65)} ${f1(v + fh * 1.2)} ${f1(u + w * 0.35)} ${f1(v + fh * 0.8)} ${f1(u)} ${f1(v + fh)} Z" fill="${color}"/>`;
  s += `<path d="${wave(fh * 0.42)}" stroke="${accent}" stroke-width="${f1(fh * 0.16)}" fill="none"/>`;
  return { depth: cam.depth([x, 0, z]), svg: s };
}
