// Core helpers for the image generator: seeded randomness, colour maths, an SVG
// scene context (gradients, filters), a pinhole camera and the JPEG post-process.
import sharp from 'sharp';

/** mulberry32: small, fast, deterministic PRNG returning floats in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const hashSeed = (s) => [...s].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;

// ---- colour ----------------------------------------------------------------
const toRgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const toHex = (rgb) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
/** Linear blend of two #rrggbb colours. */
export const mix = (a, b, t) => toHex(toRgb(a).map((v, i) => v + (toRgb(b)[i] - v) * t));
/** amt > 0 lightens toward white, amt < 0 darkens toward near-black. */
export const shade = (c, amt) => (amt >= 0 ? mix(c, '#ffffff', amt) : mix(c, '#0b0d0c', -amt));

// ---- geometry / svg strings -------------------------------------------------
export const f1 = (n) => (Math.round(n * 10) / 10).toString();
export const pts = (p) => p.map(([x, y]) => `${f1(x)} ${f1(y)}`).join(' L');
/** Closed polygon path. */
export const poly = (p, attrs = '') => (p.length < 3 ? '' : `<path d="M${pts(p)}Z" ${attrs}/>`);
export const line = (p, attrs = '') => (p.length < 2 ? '' : `<path d="M${pts(p)}" fill="none" ${attrs}/>`);
export const ellipse = (cx, cy, rx, ry, attrs = '') =>
  `<ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(Math.max(rx, 0.1))}" ry="${f1(Math.max(ry, 0.1))}" ${attrs}/>`;
export const rect = (x, y, w, h, attrs = '') =>
  `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" ${attrs}/>`;
export const g = (body, attrs = '') => `<g ${attrs}>${body}</g>`;
export const lerp = (a, b, t) => a + (b - a) * t;
export const lerp2 = (a, b, t) => [lerp(a[0], b[0], t), lerp(a[1], b[1], t)];
/** Depth-of-field: the scene blurred, with a sharp copy shown through a gradient mask. */
export function dof(
  ctx,
  body,
  {
    sd = 3,
    stops = [
      [0, '#000'],
      [0.55, '#000'],
      [0.8, '#fff'],
    ],
    dir = [0, 0, 0, 1],
  },
) {
  const id = ctx.def(
    `m${JSON.stringify([stops, dir])}`,
    (i) => `<mask id="${i}"><rect width="${ctx.W}" height="${ctx.H}" fill="${ctx.lin(stops, dir)}"/></mask>`,
  );
  return `<g filter="${ctx.blur(sd)}">${body}</g><g mask="url(#${id})">${body}</g>`;
}

/** Per-image drawing context: canvas size, seeded random, and <defs> bookkeeping. */
export class Ctx {
  constructor(W, H, seed, prefix = 'd') {
    Object.assign(this, { W, H, r: rng(seed), defs: [], n: 0, cache: new Map(), prefix });
  }
  /** A child context for a nested scene (e.g. the view through a window). */
  sub(W, H) {
    return new Ctx(W, H, Math.floor(this.r() * 2 ** 31), `${this.prefix}s${++this.n}_`);
  }
  /** Place a child scene's body into the rectangle x, y, w, h of this one. */
  embed(sub, body, x, y, w, h, attrs = '') {
    return `<svg x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" viewBox="0 0 ${sub.W} ${sub.H}" preserveAspectRatio="xMidYMid slice" ${attrs}><defs>${sub.defs.join('')}</defs>${body}</svg>`;
  }
  rand(a = 0, b = 1) {
    return a + (b - a) * this.r();
  }
  pick(arr) {
    return arr[Math.floor(this.r() * arr.length)];
  }
  jit(v, amt) {
    return v + (this.r() * 2 - 1) * amt;
  }
  def(key, make) {
    if (!this.cache.has(key)) {
      const id = `${this.prefix}${++this.n}`;
      this.defs.push(make(id));
      this.cache.set(key, id);
    }
    return this.cache.get(key);
  }
  /** Linear gradient; stops are [offset, colour, opacity?]; coords in bbox units unless user=true. */
  lin(stops, [x1, y1, x2, y2] = [0, 0, 0, 1], user = false) {
    const key = `l${JSON.stringify([stops, x1, y1, x2, y2, user])}`;
    return `url(#${this.def(key, (id) => `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${user ? ' gradientUnits="userSpaceOnUse"' : ''}>${stopsSvg(stops)}</linearGradient>`)})`;
  }
  rad(stops, { cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy, user = false } = {}) {
    const key = `r${JSON.stringify([stops, cx, cy, r, fx, fy, user])}`;
    return `url(#${this.def(key, (id) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}"${user ? ' gradientUnits="userSpaceOnUse"' : ''}>${stopsSvg(stops)}</radialGradient>`)})`;
  }
  /** Gaussian blur filter (depth of field, soft shadows, glows). */
  blur(sd) {
    return `url(#${this.def(`b${sd}`, (id) => `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`)})`;
  }
  /** Horizontal light-to-dark shading for a body part; side = 'left' | 'right' lit. */
  shadeFill(c, side = 'left', k = 0.18) {
    const a = shade(c, k * 0.6),
      b = shade(c, -k);
    return this.lin(
      side === 'left'
        ? [
            [0, a],
            [1, b],
          ]
        : [
            [0, b],
            [1, a],
          ],
      [0, 0, 1, 0.3],
    );
  }
  svg(body) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.W}" height="${this.H}" viewBox="0 0 ${this.W} ${this.H}"><defs>${this.defs.join('')}</defs>${body}</svg>`;
  }
}
const stopsSvg = (stops) =>
  stops
    .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}"${a < 1 ? ` stop-opacity="${a}"` : ''}/>`)
    .join('');

// ---- camera ----------------------------------------------------------------
/**
 * Pinhole camera. World: x across, y up, z forward (metres). yaw turns toward +x,
 * pitch > 0 looks down. Returns helpers that project points and clip polygons.
 */
export function camera({ W, H, pos, yaw = 0, pitch = 0, fov = 55, cy = H / 2 }) {
  const f = W / 2 / Math.tan((fov * Math.PI) / 360);
  const [cs, sn, cp, sp] = [Math.cos(yaw), Math.sin(yaw), Math.cos(pitch), Math.sin(pitch)];
  const toCam = ([x, y, z]) => {
    const dx = x - pos[0],
      dy = y - pos[1],
      dz = z - pos[2];
    const X = dx * cs - dz * sn,
      Zy = dx * sn + dz * cs;
    return [X, dy * cp + Zy * sp, -dy * sp + Zy * cp];
  };
  const proj = ([X, Y, Z]) => [W / 2 + (f * X) / Z, cy - (f * Y) / Z];
  const NEAR = 0.3;
  return {
    f,
    pos,
    horizon: cy - f * Math.tan(pitch),
    pt: (p) => proj(toCam(p)),
    depth: (p) => toCam(p)[2],
    /** pixels per metre at world point p */
    scale: (p) => f / toCam(p)[2],
    /** project a 3D segment clipped against the near plane ([] when hidden) */
    seg(a, b) {
      let [p, q] = [toCam(a), toCam(b)];
      if (p[2] < NEAR && q[2] < NEAR) return [];
      const cut = (u, w) => {
        const t = (NEAR - u[2]) / (w[2] - u[2]);
        return u.map((v, i) => v + (w[i] - v) * t);
      };
      if (p[2] < NEAR) p = cut(p, q);
      if (q[2] < NEAR) q = cut(q, p);
      return [proj(p), proj(q)];
    },
    /** project a 3D polygon, clipped against the near plane */
    poly(p3) {
      const c = p3.map(toCam),
        out = [];
      for (let i = 0; i < c.length; i++) {
        const a = c[i],
          b = c[(i + 1) % c.length];
        if (a[2] >= NEAR) out.push(a);
        if (a[2] >= NEAR !== b[2] >= NEAR) {
          const t = (NEAR - a[2]) / (b[2] - a[2]);
          out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, NEAR]);
        }
      }
      return out.map(proj);
    },
  };
}

// ---- output ----------------------------------------------------------------
const noiseCache = new Map();
/** Film grain: soft mid-grey noise blended with 'overlay'. */
function grainLayer(W, H, amount, seed) {
  const key = `${W}x${H}:${amount}`;
  if (!noiseCache.has(key)) {
    const r = rng(seed),
      w = Math.ceil(W / 2),
      h = Math.ceil(H / 2),
      buf = Buffer.alloc(w * h);
    for (let i = 0; i < buf.length; i++) buf[i] = 128 + Math.round((r() + r() + r() - 1.5) * amount);
    noiseCache.set(
      key,
      sharp(buf, { raw: { width: w, height: h, channels: 1 } })
        .resize(W, H, { kernel: 'cubic' })
        .toColourspace('srgb')
        .png()
        .toBuffer(),
    );
  }
  return noiseCache.get(key);
}

/** Rasterise an SVG, add grain and tone, and write a mozjpeg file. */
export async function render(svg, file, { W, H, grain = 14, saturation = 1, brightness = 1, quality = 72 }) {
  const base = await sharp(Buffer.from(svg)).removeAlpha().modulate({ saturation, brightness }).png().toBuffer();
  let img = sharp(base);
  if (grain > 0)
    img = sharp(
      await img
        .composite([{ input: await grainLayer(W, H, grain, 7), blend: 'overlay' }])
        .png()
        .toBuffer(),
    );
  await img.jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' }).toFile(file);
}
