// Scenery building blocks: sky, clouds, trees, courts, nets, fences, balls, cones, light.
import { ellipse, f1, g, line, mix, poly, rect, shade } from './lib.mjs';

export const C = {
  green: '#23a46a',
  dark: '#126a47',
  deep: '#07271c',
  yellow: '#d9f24a',
  clay: '#c4623a',
  hardBlue: '#2f6c9e',
  hardGreen: '#3f7f5f',
  line: '#f3efe7',
  ball: '#d9f24a',
};

// ---- sky & atmosphere --------------------------------------------------------
export function sky(ctx, { top = '#6fa3cf', bottom = '#dbe9ef', mid, to = ctx.H } = {}) {
  return rect(
    0,
    0,
    ctx.W,
    to,
    `fill="${ctx.lin(
      mid
        ? [
            [0, top],
            [0.6, mid],
            [1, bottom],
          ]
        : [
            [0, top],
            [1, bottom],
          ],
    )}"`,
  );
}
/** Soft cumulus: clusters of blurred ellipses. */
export function clouds(ctx, { n = 5, y0 = 0.05, y1 = 0.3, color = '#ffffff', op = 0.75, size = 1 } = {}) {
  let s = '';
  for (let i = 0; i < n; i++) {
    const cx = ctx.rand(-0.1, 1.1) * ctx.W,
      cy = ctx.rand(y0, y1) * ctx.H,
      w = ctx.rand(120, 280) * size * (ctx.W / 1600);
    let c = '';
    for (let j = 0; j < 7; j++)
      c += ellipse(
        cx + ctx.jit(0, w * 0.7),
        cy + ctx.jit(0, w * 0.06),
        w * ctx.rand(0.25, 0.5),
        w * ctx.rand(0.12, 0.22),
        `fill="${color}"`,
      );
    c += ellipse(cx, cy + w * 0.12, w * 0.9, w * 0.07, `fill="${shade(color, -0.08)}"`);
    s += g(c, `opacity="${f1(op * ctx.rand(0.6, 1))}" filter="${ctx.blur(Math.round(w * 0.08))}"`);
  }
  return s;
}
export function glow(ctx, x, y, r, color, op = 0.6) {
  return ellipse(
    x,
    y,
    r,
    r,
    `fill="${ctx.rad([
      [0, color, op],
      [0.4, color, op * 0.35],
      [1, color, 0],
    ])}"`,
  );
}
export function vignette(ctx, op = 0.45) {
  return rect(
    0,
    0,
    ctx.W,
    ctx.H,
    `fill="${ctx.rad(
      [
        [0.55, '#000', 0],
        [1, '#000', op],
      ],
      { r: 0.75 },
    )}"`,
  );
}
/** Warm/cool wash over the frame (light leak / grade). */
export function wash(ctx, color, op = 0.15, dir = [0, 0, 1, 1]) {
  return rect(
    0,
    0,
    ctx.W,
    ctx.H,
    `fill="${ctx.lin(
      [
        [0, color, op],
        [1, color, 0],
      ],
      dir,
    )}"`,
  );
}

// ---- vegetation ----------------------------------------------------------------
/** One tree in screen space, base at (x, y), height h: [trunk, shadow, body, highlight] layers. */
export function tree(ctx, x, y, h, tones, kind = 'round') {
  const [d, m, l] = tones,
    poplar = kind === 'poplar';
  const out = [rect(x - h * 0.022, y - h * 0.5, h * 0.044, h * 0.5, `fill="${shade(d, -0.35)}"`), '', '', ''];
  const cw = poplar ? h * 0.13 : h * 0.36,
    cy = poplar ? y - h * 0.55 : y - h * 0.64,
    ch = poplar ? h * 0.45 : h * 0.34;
  if (poplar) out[1] += ellipse(x, cy, cw, ch, `fill="${d}"`);
  const layers = [
    [d, 0.08, 0.1, 0.42, 12],
    [m, -0.04, -0.08, 0.34, 12],
    [l, -0.18, -0.3, 0.24, 7],
  ];
  layers.forEach(([tone, dx, dy, rs, n], li) => {
    for (let i = 0; i < n; i++) {
      const a = ctx.rand(0, Math.PI * 2),
        rr = Math.sqrt(ctx.r()) * (1 - rs * 0.6);
      const px = x + Math.cos(a) * rr * cw + dx * cw,
        py = cy + Math.sin(a) * rr * ch + dy * ch,
        r = cw * ctx.rand(0.7, 1.1) * rs;
      out[li + 1] += ellipse(px, py, r, r * (poplar ? 1.6 : 0.9), `fill="${tone}"`);
    }
  });
  return out;
}
/** A row of trees between x0 and x1 with the bases on y; tones are hazed toward `haze`. */
export function treeLine(
  ctx,
  {
    x0 = -50,
    x1 = ctx.W + 50,
    y,
    h,
    tones = ['#1f4a2c', '#2f6b3a', '#5b9150'],
    haze,
    hazeAmt = 0,
    blur = 0,
    poplar = 0.2,
    gap = 0.55,
    vary = 0.18,
  },
) {
  const t = haze ? tones.map((c) => mix(c, haze, hazeAmt)) : tones;
  const L = [rect(x0, y - h * 0.35, x1 - x0, h * 0.38, `fill="${t[0]}"`), '', '', ''];
  for (let x = x0; x < x1; x += h * ctx.rand(gap * 0.6, gap)) {
    const kind = ctx.r() < poplar ? 'poplar' : 'round',
      v = ctx.rand(-1, 1);
    const tt = t.map((c) => mix(c, v > 0 ? '#7d8f3a' : '#2d5a52', Math.abs(v) * vary));
    tree(ctx, x, y, h * ctx.rand(0.6, 1.2) * (kind === 'poplar' ? 1.3 : 1), tt, kind).forEach((p, i) => (L[i] += p));
  }
  const hl = g(L[3], `opacity="0.55" filter="${ctx.blur(Math.max(1.5, Math.round(h * 0.012)))}"`);
  return g(L[0] + L[1] + L[2] + hl, blur ? `filter="${ctx.blur(blur)}"` : '');
}

// ---- courts ------------------------------------------------------------------
export const BL = 11.885,
  SVC = 6.4,
  DX = 5.485,
  SX = 4.115;
const courtSegments = () => [
  [[-DX, -BL], [DX, -BL], 0.1],
  [[-DX, BL], [DX, BL], 0.1],
  [
    [-DX, -BL],
    [-DX, BL],
  ],
  [
    [DX, -BL],
    [DX, BL],
  ],
  [
    [-SX, -BL],
    [-SX, BL],
  ],
  [
    [SX, -BL],
    [SX, BL],
  ],
  [
    [-SX, -SVC],
    [SX, -SVC],
  ],
  [
    [-SX, SVC],
    [SX, SVC],
  ],
  [
    [0, -SVC],
    [0, SVC],
  ],
  [
    [0, -BL],
    [0, -BL + 0.2],
  ],
  [
    [0, BL],
    [0, BL - 0.2],
  ],
];
/** Ground quad in world units (y = 0). */
export const groundQuad = (x0, z0, x1, z1) => [
  [x0, 0, z0],
  [x1, 0, z0],
  [x1, 0, z1],
  [x0, 0, z1],
];

/**
 * Tennis court centred at (ox, oz). o: { surface, inner (playing area colour),
 * line, runoff: [hx, hz], texture: 'clay' | 'hard', scuff }
 */
export function court(ctx, cam, o = {}) {
  const {
    ox = 0,
    oz = 0,
    surface = C.clay,
    inner,
    lineColor = C.line,
    runoff = [9, 18],
    lineOp = 0.92,
    texture = 'clay',
    apron = 0,
  } = o;
  const T = ([x, z], y = 0) => [x + ox, y, z + oz];
  const near = cam.pt(T([0, -runoff[1]])),
    far = cam.pt(T([0, runoff[1]]));
  const grad = ctx.lin(
    [
      [0, shade(surface, 0.1)],
      [1, shade(surface, -0.06)],
    ],
    [0, far[1], 0, near[1]],
    true,
  );
  let s = poly(
    cam.poly(groundQuad(ox - runoff[0], oz - runoff[1] - apron, ox + runoff[0], oz + runoff[1])),
    `fill="${grad}"`,
  );
  if (inner)
    s += poly(cam.poly(groundQuad(ox - DX - 0.3, oz - BL - 0.3, ox + DX + 0.3, oz + BL + 0.3)), `fill="${inner}"`);
  if (texture === 'clay') {
    // brushed arcs from the drag mat, darker scuffs where players stand
    for (let i = 0; i < 26; i++) {
      const zc = ctx.rand(-runoff[1], runoff[1]),
        w = ctx.rand(3, 6),
        xc = ctx.rand(-runoff[0] + w, runoff[0] - w);
      const arc = Array.from({ length: 9 }, (_, j) =>
        T([xc - w + (j / 8) * 2 * w, zc + Math.sin((j / 8) * Math.PI) * w * 0.3]),
      );
      if (arc.some((p) => cam.depth(p) < 1)) continue;
      s += line(
        arc.map((p) => cam.pt(p)),
        `stroke="${ctx.r() < 0.5 ? shade(surface, 0.12) : shade(surface, -0.1)}" stroke-width="${f1(cam.scale(arc[4]) * 0.35)}" opacity="0.35"`,
      );
    }
    for (const zs of [-1, 1])
      for (let i = 0; i < 4; i++) {
        const p = T([ctx.rand(-3, 3), zs * (BL + ctx.rand(-0.5, 1.8))]),
          [u, v] = cam.pt(p),
          k = cam.scale(p);
        if (cam.depth(p) < 2) continue;
        s += ellipse(
          u,
          v,
          k * ctx.rand(1, 2.2),
          k * ctx.rand(0.3, 0.6),
          `fill="${shade(surface, -0.2)}" opacity="0.3" filter="${ctx.blur(Math.max(1, Math.round(k * 0.3)))}"`,
        );
      }
  }
  for (const [a, b, w = 0.05] of courtSegments()) {
    const dx = b[0] - a[0],
      dz = b[1] - a[1],
      L = Math.hypot(dx, dz),
      nx = ((-dz / L) * w) / 2,
      nz = ((dx / L) * w) / 2;
    s += poly(
      cam.poly([
        T([a[0] + nx, a[1] + nz]),
        T([b[0] + nx, b[1] + nz]),
        T([b[0] - nx, b[1] - nz]),
        T([a[0] - nx, a[1] - nz]),
      ]),
      `fill="${lineColor}" opacity="${lineOp}"`,
    );
  }
  return s;
}

/** The net across the court at z = oz; returns a depth-sortable item. */
export function net(
  _ctx,
  cam,
  { ox = 0, oz = 0, color = '#1b1f1d', post = '#1d3a2c', mesh = true, step = [0.2, 0.1], meshOp = 0.55 } = {},
) {
  const N = 24,
    top = (x) => 0.914 + 0.156 * (x / 6.4) ** 2;
  const xs = Array.from({ length: N + 1 }, (_, i) => -6.4 + (12.8 * i) / N);
  const P = (x, y) => [x + ox, y, oz];
  const body = [
    ...xs.map((x) => P(x, top(x))),
    ...xs
      .slice()
      .reverse()
      .map((x) => P(x, 0.02)),
  ];
  let s = poly(cam.poly(body), `fill="${color}" opacity="0.32"`);
  if (mesh) {
    const k = cam.scale(P(0, 0.5)),
      sw = f1(Math.max(0.35, k * 0.004));
    let m = '';
    for (let x = -6.4; x <= 6.4; x += step[0]) m += line([cam.pt(P(x, 0.02)), cam.pt(P(x, top(x) - 0.05))]);
    for (let y = step[1]; y < 1.05; y += step[1])
      m += line(xs.filter((x) => top(x) - 0.05 > y).map((x) => cam.pt(P(x, y))));
    s += g(m, `stroke="${color}" stroke-width="${sw}" opacity="${meshOp}" fill="none"`);
  }
  s += poly(
    cam.poly([
      ...xs.map((x) => P(x, top(x) + 0.01)),
      ...xs
        .slice()
        .reverse()
        .map((x) => P(x, top(x) - 0.06)),
    ]),
    'fill="#f7f7f2"',
  );
  s += poly(cam.poly([P(-0.03, 0), P(0.03, 0), P(0.03, 0.91), P(-0.03, 0.91)]), 'fill="#f2f2ee" opacity="0.9"');
  for (const x of [-6.4, 6.4]) {
    const w = 0.05;
    s += poly(cam.poly([P(x - w, 0), P(x + w, 0), P(x + w, 1.1), P(x - w, 1.1)]), `fill="${post}"`);
  }
  return { depth: cam.depth(P(0, 0)), svg: s };
}

/**
 * Windscreen fence along a ground path of [x, z] points: dark green cloth up to `h`,
 * chain-link and posts above to `top`.
 */
export function fence(ctx, cam, path, { h = 2.6, top = 4, cloth = '#1e4a37', postColor = '#24332c', post = 3 } = {}) {
  let s = '';
  for (let i = 0; i + 1 < path.length; i++) {
    const [a, b] = [path[i], path[i + 1]];
    const q = (y0, y1) =>
      cam.poly([
        [a[0], y0, a[1]],
        [b[0], y0, b[1]],
        [b[0], y1, b[1]],
        [a[0], y1, a[1]],
      ]);
    const lo = cam.pt([a[0], 0, a[1]]),
      hi = cam.pt([a[0], h, a[1]]);
    s += poly(q(h, top), `fill="#46524c" opacity="0.16"`);
    s += poly(
      q(0, h),
      `fill="${ctx.lin(
        [
          [0, shade(cloth, 0.05)],
          [1, shade(cloth, -0.25)],
        ],
        [0, hi[1], 0, lo[1]],
        true,
      )}"`,
    );
    const L = Math.hypot(b[0] - a[0], b[1] - a[1]),
      n = Math.max(1, Math.round(L / post));
    for (let j = 0; j <= n; j++) {
      const x = a[0] + ((b[0] - a[0]) * j) / n,
        z = a[1] + ((b[1] - a[1]) * j) / n,
        w = 0.04;
      const dx = ((b[1] - a[1]) / L) * 0,
        ex = ((b[0] - a[0]) / L) * w,
        ez = ((b[1] - a[1]) / L) * w;
      s += poly(
        cam.poly([
          [x - ex, 0, z - ez],
          [x + ex, 0, z + ez],
          [x + ex + dx, top, z + ez],
          [x - ex, top, z - ez],
        ]),
        `fill="${postColor}"`,
      );
    }
    s += poly(
      cam.poly([
        [a[0], top - 0.05, a[1]],
        [b[0], top - 0.05, b[1]],
        [b[0], top, b[1]],
        [a[0], top, a[1]],
      ]),
      `fill="${postColor}"`,
    );
  }
  return s;
}

// ---- props ---------------------------------------------------------------------
export function ball(ctx, u, v, r, color = C.ball) {
  let s = ellipse(
    u,
    v,
    r,
    r,
    `fill="${ctx.rad(
      [
        [0, shade(color, 0.35)],
        [0.6, color],
        [1, shade(color, -0.3)],
      ],
      { cx: 0.38, cy: 0.35, r: 0.7 },
    )}"`,
  );
  if (r > 5)
    s += `<path d="M${f1(u - r * 0.75)} ${f1(v - r * 0.62)} Q${f1(u + r * 0.1)} ${f1(v)} ${f1(u - r * 0.72)} ${f1(v + r * 0.66)} M${f1(u + r * 0.75)} ${f1(v - r * 0.62)} Q${f1(u - r * 0.1)} ${f1(v)} ${f1(u + r * 0.72)} ${f1(v + r * 0.66)}" fill="none" stroke="#f7f7ea" stroke-width="${f1(r * 0.1)}" opacity="0.85"/>`;
  return s;
}
/** A ball lying on the court at world (x, z) with its contact shadow. */
export function ballAt(ctx, cam, x, z, color = C.ball, y = 0) {
  const k = cam.scale([x, y, z]),
    r = Math.max(0.9, k * 0.034),
    [u, v] = cam.pt([x, y + 0.034, z]);
  const [su, sv] = cam.pt([x + 0.03, 0, z]);
  return {
    depth: cam.depth([x, 0, z]),
    svg:
      ellipse(su, sv, r * 1.2, r * 0.35, `fill="#000" opacity="${y > 0.1 ? 0.12 : 0.3}"`) + ball(ctx, u, v, r, color),
  };
}
/** Training cone (marker) at world (x, z). */
export function coneAt(ctx, cam, x, z, color = '#f07a2a', hm = 0.23) {
  const k = cam.scale([x, 0, z]),
    [u, v] = cam.pt([x, 0, z]),
    h = hm * k,
    w = h * 0.55;
  const fillc = ctx.lin(
    [
      [0, shade(color, 0.15)],
      [1, shade(color, -0.25)],
    ],
    [0, 0, 1, 0],
  );
  const s =
    ellipse(u + w * 0.3, v, w * 1.2, w * 0.3, 'fill="#000" opacity="0.22"') +
    ellipse(u, v, w, w * 0.28, `fill="${shade(color, -0.2)}"`) +
    `<path d="M${f1(u - w * 0.62)} ${f1(v - h * 0.06)} L${f1(u - w * 0.12)} ${f1(v - h)} L${f1(u + w * 0.12)} ${f1(v - h)} L${f1(u + w * 0.62)} ${f1(v - h * 0.06)} Z" fill="${fillc}"/>` +
    rect(u - w * 0.36, v - h * 0.55, w * 0.72, h * 0.12, 'fill="#ffffff" opacity="0.8"');
  return { depth: cam.depth([x, 0, z]), svg: s };
}
/** Wire ball basket/cart full of balls at world (x, z). */
export function basketAt(ctx, cam, x, z) {
  const k = cam.scale([x, 0, z]),
    [u, v] = cam.pt([x, 0, z]),
    w = 0.45 * k,
    h = 0.85 * k,
    bh = 0.4 * k;
  let s = ellipse(u + w * 0.3, v, w * 0.9, w * 0.2, 'fill="#000" opacity="0.25"');
  s +=
    line(
      [
        [u - w * 0.45, v],
        [u - w * 0.4, v - h],
      ],
      `stroke="#2a2f2c" stroke-width="${f1(k * 0.025)}"`,
    ) +
    line(
      [
        [u + w * 0.45, v],
        [u + w * 0.4, v - h],
      ],
      `stroke="#2a2f2c" stroke-width="${f1(k * 0.025)}"`,
    );
  let balls = '';
  for (let i = 0; i < 22; i++)
    balls += ball(
      ctx,
      u + ctx.jit(0, w * 0.42),
      v - h - bh * 0.05 + ctx.jit(0, bh * 0.2) - (i > 14 ? bh * 0.18 : 0),
      k * 0.034 * 1.6,
    );
  s += rect(u - w * 0.5, v - h - bh * 0.2, w, bh, `fill="#2d3431" opacity="0.35"`) + balls;
  for (let i = 0; i <= 5; i++)
    s += line(
      [
        [u - w * 0.5 + (w * i) / 5, v - h - bh * 0.2],
        [u - w * 0.5 + (w * i) / 5, v - h + bh * 0.8],
      ],
      `stroke="#2a2f2c" stroke-width="${f1(k * 0.012)}"`,
    );
  s += rect(u - w * 0.5, v - h + bh * 0.7, w, k * 0.03, 'fill="#2a2f2c"');
  return { depth: cam.depth([x, 0, z]), svg: s };
}
/** Sort depth items far-to-near and join. */
export const layer = (items) =>
  items
    .filter(Boolean)
    .sort((a, b) => b.depth - a.depth)
    .map((i) => i.svg)
    .join('');
