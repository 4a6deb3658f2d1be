// Stylised people: a tiny 2D rig (units: body height = 100, origin at the feet,
// y up) with poses, clothing colours, hair and an optional racket.
import { ellipse, f1, lerp2, line, poly } from './lib.mjs';

// Joint tables. Index 0 = picture-left limb, 1 = picture-right limb.
// back: which side is drawn first (farther from the camera); racket: [hand, angle°].
export const POSES = {
  stand: {
    head: [0, 91],
    neck: [0, 83],
    sh: [
      [-10, 79],
      [10, 79],
    ],
    el: [
      [-12, 63],
      [12, 63],
    ],
    ha: [
      [-12, 48],
      [12, 48],
    ],
    hip: [
      [-6, 52],
      [6, 52],
    ],
    kn: [
      [-6, 27],
      [6, 27],
    ],
    ft: [
      [-7, 1],
      [7, 1],
    ],
    back: 0,
    racket: [1, -80],
    face: 'front',
  },
  ready: {
    head: [0, 84],
    neck: [0, 76],
    sh: [
      [-10, 73],
      [10, 73],
    ],
    el: [
      [-13, 58],
      [12, 57],
    ],
    ha: [
      [1, 52],
      [5, 51],
    ],
    hip: [
      [-6, 47],
      [6, 47],
    ],
    kn: [
      [-13, 25],
      [13, 25],
    ],
    ft: [
      [-15, 1],
      [15, 1],
    ],
    back: 0,
    racket: [1, 55],
    face: 'front',
  },
  readyBack: {
    head: [0, 84],
    neck: [0, 76],
    sh: [
      [-10, 73],
      [10, 73],
    ],
    el: [
      [-13, 58],
      [12, 57],
    ],
    ha: [
      [-3, 50],
      [3, 50],
    ],
    hip: [
      [-6, 47],
      [6, 47],
    ],
    kn: [
      [-13, 25],
      [13, 25],
    ],
    ft: [
      [-15, 1],
      [15, 1],
    ],
    back: 0,
    racket: [1, 80],
    face: 'back',
  },
  forehand: {
    head: [3, 86],
    neck: [1, 78],
    sh: [
      [-5, 76],
      [5, 75],
    ],
    el: [
      [-15, 65],
      [14, 71],
    ],
    ha: [
      [-24, 60],
      [25, 70],
    ],
    hip: [
      [-3, 50],
      [3, 50],
    ],
    kn: [
      [-11, 27],
      [13, 28],
    ],
    ft: [
      [-18, 1],
      [22, 1],
    ],
    back: 0,
    racket: [0, 165],
    face: 'side',
  },
  followThrough: {
    head: [2, 86],
    neck: [1, 78],
    sh: [
      [-6, 76],
      [6, 76],
    ],
    el: [
      [-9, 62],
      [11, 70],
    ],
    ha: [
      [-2, 66],
      [-2, 80],
    ],
    hip: [
      [-3, 50],
      [3, 50],
    ],
    kn: [
      [-9, 27],
      [10, 27],
    ],
    ft: [
      [-14, 1],
      [17, 1],
    ],
    back: 0,
    racket: [1, 150],
    face: 'side',
  },
  backhand: {
    head: [-2, 85],
    neck: [-1, 77],
    sh: [
      [-6, 75],
      [6, 75],
    ],
    el: [
      [5, 62],
      [12, 64],
    ],
    ha: [
      [14, 58],
      [16, 59],
    ],
    hip: [
      [-3, 49],
      [3, 49],
    ],
    kn: [
      [-13, 27],
      [10, 27],
    ],
    ft: [
      [-20, 1],
      [16, 1],
    ],
    back: 1,
    racket: [1, 30],
    face: 'side',
  },
  serve: {
    head: [4, 89],
    neck: [2, 81],
    sh: [
      [-5, 79],
      [6, 79],
    ],
    el: [
      [-15, 84],
      [12, 92],
    ],
    ha: [
      [-13, 97],
      [15, 107],
    ],
    hip: [
      [-2, 50],
      [3, 50],
    ],
    kn: [
      [-6, 26],
      [9, 28],
    ],
    ft: [
      [-9, 1],
      [12, 1],
    ],
    back: 0,
    racket: [0, 115],
    face: 'side',
  },
  serveHit: {
    head: [5, 91],
    neck: [3, 83],
    sh: [
      [-3, 81],
      [7, 80],
    ],
    el: [
      [3, 98],
      [13, 68],
    ],
    ha: [
      [6, 114],
      [10, 58],
    ],
    hip: [
      [-1, 53],
      [4, 53],
    ],
    kn: [
      [-4, 29],
      [7, 30],
    ],
    ft: [
      [-10, 5],
      [9, 3],
    ],
    back: 1,
    racket: [0, 78],
    face: 'side',
  },
  run: {
    head: [6, 87],
    neck: [4, 79],
    sh: [
      [-3, 77],
      [7, 77],
    ],
    el: [
      [-10, 66],
      [16, 68],
    ],
    ha: [
      [-15, 56],
      [22, 74],
    ],
    hip: [
      [0, 50],
      [3, 50],
    ],
    kn: [
      [-8, 30],
      [15, 36],
    ],
    ft: [
      [-20, 15],
      [14, 2],
    ],
    back: 0,
    racket: [1, 40],
    face: 'side',
  },
  volley: {
    head: [0, 86],
    neck: [0, 78],
    sh: [
      [-10, 75],
      [10, 75],
    ],
    el: [
      [-15, 62],
      [16, 66],
    ],
    ha: [
      [-10, 60],
      [18, 76],
    ],
    hip: [
      [-6, 49],
      [6, 49],
    ],
    kn: [
      [-12, 27],
      [12, 27],
    ],
    ft: [
      [-15, 1],
      [15, 1],
    ],
    back: 0,
    racket: [1, 70],
    face: 'front',
  },
  feed: {
    head: [1, 90],
    neck: [0, 82],
    sh: [
      [-6, 79],
      [6, 79],
    ],
    el: [
      [-12, 64],
      [13, 70],
    ],
    ha: [
      [-16, 52],
      [23, 70],
    ],
    hip: [
      [-3, 52],
      [4, 52],
    ],
    kn: [
      [-5, 27],
      [8, 27],
    ],
    ft: [
      [-8, 1],
      [12, 1],
    ],
    back: 0,
    racket: [0, -60],
    face: 'side',
    ballHand: 1,
  },
  cheer: {
    head: [0, 91],
    neck: [0, 83],
    sh: [
      [-10, 80],
      [10, 80],
    ],
    el: [
      [-18, 92],
      [18, 92],
    ],
    ha: [
      [-22, 106],
      [22, 106],
    ],
    hip: [
      [-6, 52],
      [6, 52],
    ],
    kn: [
      [-8, 27],
      [8, 27],
    ],
    ft: [
      [-10, 1],
      [10, 1],
    ],
    back: 0,
    face: 'front',
  },
  point: {
    head: [0, 91],
    neck: [0, 83],
    sh: [
      [-10, 79],
      [10, 79],
    ],
    el: [
      [-12, 63],
      [22, 76],
    ],
    ha: [
      [-12, 48],
      [36, 80],
    ],
    hip: [
      [-6, 52],
      [6, 52],
    ],
    kn: [
      [-6, 27],
      [6, 27],
    ],
    ft: [
      [-7, 1],
      [7, 1],
    ],
    back: 0,
    racket: [0, -80],
    face: 'front',
  },
  armsCrossed: {
    head: [0, 91],
    neck: [0, 83],
    sh: [
      [-10, 79],
      [10, 79],
    ],
    el: [
      [-12, 64],
      [12, 64],
    ],
    ha: [
      [6, 68],
      [-6, 69],
    ],
    hip: [
      [-6, 52],
      [6, 52],
    ],
    kn: [
      [-6, 27],
      [6, 27],
    ],
    ft: [
      [-8, 1],
      [8, 1],
    ],
    back: 0,
    face: 'front',
  },
  lunge: {
    head: [10, 78],
    neck: [7, 71],
    sh: [
      [1, 69],
      [11, 68],
    ],
    el: [
      [-8, 58],
      [20, 60],
    ],
    ha: [
      [-14, 48],
      [30, 58],
    ],
    hip: [
      [0, 44],
      [4, 44],
    ],
    kn: [
      [-14, 14],
      [22, 26],
    ],
    ft: [
      [-28, 2],
      [24, 1],
    ],
    back: 0,
    racket: [1, 20],
    face: 'side',
  },
  sit: {
    head: [0, 91],
    neck: [0, 83],
    sh: [
      [-10, 79],
      [10, 79],
    ],
    el: [
      [-13, 64],
      [13, 64],
    ],
    ha: [
      [-7, 56],
      [8, 55],
    ],
    hip: [
      [-6, 52],
      [6, 52],
    ],
    kn: [
      [-8, 50],
      [8, 50],
    ],
    ft: [
      [-8, 25],
      [8, 25],
    ],
    back: 0,
    face: 'front',
  },
};

/** Tapered capsule from a (radius ra) to b (radius rb), screen space. */
function limb(a, b, ra, rb, attrs) {
  const dx = b[0] - a[0],
    dy = b[1] - a[1],
    L = Math.hypot(dx, dy) || 1,
    nx = -dy / L,
    ny = dx / L;
  const p = (q, r, s) => `${f1(q[0] + nx * r * s)} ${f1(q[1] + ny * r * s)}`;
  return `<path d="M${p(a, ra, 1)} L${p(b, rb, 1)} A${f1(rb)} ${f1(rb)} 0 0 0 ${p(b, rb, -1)} L${p(a, ra, -1)} A${f1(ra)} ${f1(ra)} 0 0 0 ${p(a, ra, 1)}Z" ${attrs}/>`;
}

export const SKINS = ['#f1c9a5', '#e0ac84', '#c68a62', '#9c6644', '#6f4630', '#f4d2b8'];
export const HAIRS = ['#2b1d14', '#4a3020', '#7a5230', '#c9a062', '#1a1410', '#8a4a2a'];

/**
 * Draw one person. o: { u, v (feet, px), h (px), pose, mirror, kid, pal: {skin, shirt,
 * shorts, shoes, hair, hairStyle: short|pony|cap|bun, cap, racket, skirt}, light, silhouette }
 */
export function figure(ctx, o) {
  const P0 = POSES[o.pose] ?? POSES.stand,
    P = o.face ? { ...P0, face: o.face } : P0;
  const k = o.h / 100,
    m = o.mirror ? -1 : 1,
    pal = o.pal,
    light = o.light ?? 'left';
  const hs = o.kid ? 1.28 : 1; // children: larger heads, sturdier limbs
  const lw = o.kid ? 1.15 : 1;
  const ky = (y) => (o.kid ? (y < 52 ? y * 0.86 : 44.7 + (y - 52) * 0.96) : y); // children: shorter legs
  const X = ([x, y]) => [o.u + m * x * k, o.v - ky(y) * k];
  const sil = o.silhouette;
  const fill = (c, kk) => (sil ? `fill="${sil}"` : `fill="${ctx.shadeFill(c, light, kk)}"`);
  const J = (name, i) => X(i === undefined ? P[name] : P[name][i]);
  const out = [];
  const legs = (i) => {
    const hip = J('hip', i),
      kn = J('kn', i),
      ft = J('ft', i);
    out.push(limb(hip, kn, 5.6 * k * lw, 4.1 * k * lw, fill(pal.skin)));
    out.push(limb(kn, ft, 4.1 * k * lw, 2.7 * k * lw, fill(pal.skin)));
    out.push(limb(hip, lerp2(hip, kn, pal.long ? 1 : 0.45), 5.9 * k * lw, 4.9 * k * lw, fill(pal.shorts)));
    if (pal.long) out.push(limb(kn, lerp2(kn, ft, 0.92), 4.6 * k * lw, 3.4 * k * lw, fill(pal.shorts)));
    const dir = Math.sign(ft[0] - kn[0] || m) * (P.face === 'side' ? m : 1) || 1;
    out.push(
      ellipse(
        ft[0] + dir * 1.8 * k,
        ft[1] - 1.2 * k,
        4.6 * k * lw,
        2.2 * k * lw,
        `fill="${sil ?? pal.shoes ?? '#f2f2ee'}"`,
      ),
    );
  };
  const arm = (i) => {
    const sh = J('sh', i),
      el = J('el', i),
      ha = J('ha', i);
    out.push(limb(sh, el, 3.4 * k * lw, 2.6 * k * lw, fill(pal.skin)));
    out.push(limb(el, ha, 2.6 * k * lw, 2.0 * k * lw, fill(pal.skin)));
    out.push(limb(sh, lerp2(sh, el, pal.sleeve ?? 0.45), 3.9 * k * lw, 3.2 * k * lw, fill(pal.shirt)));
    out.push(ellipse(ha[0], ha[1], 2.4 * k * lw, 2.4 * k * lw, `fill="${sil ?? pal.skin}"`));
  };
  const racket = () => {
    if (!P.racket || o.racket === false) return;
    const [hi, ang0] = P.racket,
      ha = J('ha', hi),
      ang = (ang0 * Math.PI) / 180;
    const d = [Math.cos(ang) * m, -Math.sin(ang)],
      L = (o.kid ? 30 : 38) * k;
    const at = (t) => [ha[0] + d[0] * L * t, ha[1] + d[1] * L * t];
    const frame = sil ?? pal.racket ?? '#1d2b24';
    const [c, r1, r2] = [at(0.7), L * 0.3, L * 0.2];
    const rot = (Math.atan2(d[1], d[0]) * 180) / Math.PI;
    out.push(line([at(-0.12), at(0.36)], `stroke="${frame}" stroke-width="${f1(1.9 * k)}" stroke-linecap="round"`));
    out.push(line([at(0.3), at(0.42)], `stroke="${frame}" stroke-width="${f1(1.5 * k)}"`));
    out.push(
      `<ellipse cx="${f1(c[0])}" cy="${f1(c[1])}" rx="${f1(r1)}" ry="${f1(r2)}" transform="rotate(${f1(rot)} ${f1(c[0])} ${f1(c[1])})" fill="#ffffff" fill-opacity="${sil ? 0 : 0.22}" stroke="${frame}" stroke-width="${f1(1.4 * k)}"/>`,
    );
  };
  const head = () => {
    const [hx, hy] = J('head'),
      rx = 6 * k * hs,
      ry = 7 * k * hs,
      hair = sil ?? pal.hair ?? '#3a2a1e';
    const faceX = P.face === 'side' ? m * 1.2 * k : 0;
    out.push(limb(J('neck'), [hx, hy + ry * 0.3], 2.6 * k, 2.6 * k, fill(pal.skin)));
    if (pal.hairStyle === 'pony')
      out.push(
        ellipse(
          hx - (P.face === 'side' ? m * rx * 1.1 : 0),
          hy + ry * (P.face === 'side' ? 0.1 : -0.5),
          rx * 0.45,
          ry * 0.9,
          `fill="${hair}"`,
        ),
      );
    if (P.face === 'back' || sil) out.push(ellipse(hx, hy, rx, ry, `fill="${hair}"`));
    else {
      out.push(ellipse(hx - faceX * 0.8, hy - ry * 0.18, rx * 1.04, ry * 0.86, `fill="${hair}"`));
      out.push(ellipse(hx + faceX, hy + ry * 0.1, rx * 0.9, ry * 0.88, fill(pal.skin, 0.14)));
    }
    if (pal.hairStyle === 'cap') {
      const cap = sil ?? pal.cap ?? '#ffffff';
      out.push(
        `<path d="M${f1(hx - rx * 1.05)} ${f1(hy - ry * 0.15)} A${f1(rx * 1.05)} ${f1(ry * 0.95)} 0 0 1 ${f1(hx + rx * 1.05)} ${f1(hy - ry * 0.15)} Z" fill="${cap}"/>`,
      );
      if (P.face !== 'back')
        out.push(
          ellipse(
            hx + (P.face === 'side' ? m * rx * 0.9 : 0),
            hy - ry * 0.15,
            P.face === 'side' ? rx * 0.9 : rx * 1.1,
            ry * 0.18,
            `fill="${cap}"`,
          ),
        );
    }
  };
  const torso = () => {
    const [sl, sr, hl, hr] = [J('sh', 0), J('sh', 1), J('hip', 0), J('hip', 1)];
    const w = 2.5 * k * lw;
    const wl = [lerp2(sl, hl, 0.6)[0] + w * 0.2 * -1, lerp2(sl, hl, 0.6)[1]],
      wr = [lerp2(sr, hr, 0.6)[0] + w * 0.2, lerp2(sr, hr, 0.6)[1]];
    const ord = sl[0] < sr[0] ? 1 : -1;
    out.push(
      poly(
        [
          [sl[0] - ord * w, sl[1] - w * 0.4],
          [sr[0] + ord * w, sr[1] - w * 0.4],
          [wr[0] + ord * w * 0.2, wr[1]],
          [hr[0] + ord * w * 0.4, hr[1] + 3 * k],
          [hl[0] - ord * w * 0.4, hl[1] + 3 * k],
          [wl[0] - ord * w * 0.2, wl[1]],
        ],
        `${fill(pal.shirt, 0.22)} stroke-linejoin="round"`,
      ),
    );
    if (pal.skirt)
      out.push(
        poly(
          [
            [hl[0] - ord * w, hl[1] + 2 * k],
            [hr[0] + ord * w, hr[1] + 2 * k],
            [hr[0] + ord * w * 2.6, hr[1] - 14 * k],
            [hl[0] - ord * w * 2.6, hl[1] - 14 * k],
          ],
          fill(pal.shorts),
        ),
      );
  };
  const b = P.back,
    f = 1 - b;
  legs(b);
  arm(b);
  if (!pal.skirt) legs(f);
  torso();
  if (pal.skirt) legs(f);
  head();
  arm(f);
  racket();
  if (P.ballHand !== undefined && o.ball !== false) {
    const ha = J('ha', P.ballHand);
    out.push(ellipse(ha[0] + m * 1.5 * k, ha[1] - 3.2 * k, 3.3 * k, 3.3 * k, `fill="${sil ?? '#d9f24a'}"`));
  }
  return out.join('');
}

/** Soft contact shadow under a figure. dir: horizontal offset factor for low sun. */
export function shadowAt(ctx, u, v, h, { op = 0.32, dir = 0.25, len = 1, down = 0 } = {}) {
  if (down)
    return ellipse(
      u,
      v + h * 0.12 * down,
      h * 0.09,
      h * 0.13 * down,
      `fill="#14100c" opacity="${op}" filter="${ctx.blur(Math.max(1, h * 0.02))}"`,
    );
  const rx = h * 0.22 * len,
    ry = h * 0.045;
  return ellipse(
    u + dir * rx,
    v + ry * 0.2,
    rx,
    ry,
    `fill="#14100c" opacity="${op}" filter="${ctx.blur(Math.max(1, h * 0.015))}"`,
  );
}

/** Person placed in a camera scene: world (x, z), real height in metres. */
export function person(ctx, cam, x, z, o) {
  const [u, v] = cam.pt([x, o.y ?? 0, z]);
  const h = cam.scale([x, o.y ?? 0, z]) * (o.m ?? (o.kid ? 1.3 : 1.8));
  const sh = o.noShadow ? '' : shadowAt(ctx, u, v, h, o.shadow);
  return { depth: cam.depth([x, 0, z]), svg: sh + figure(ctx, { ...o, u, v, h }) };
}
