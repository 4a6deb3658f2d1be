// People scenes: youth stages, academies, camps, trainers and matches.
import { ellipse, f1, line, poly, rect, shade } from './lib.mjs';
import { C, ball, basketAt, coneAt } from './elements.mjs';
import { HAIRS, SKINS, person } from './figure.mjs';
import { PAL, park } from './kit.mjs';
import { boxC, bunting, mast, parasol, tent } from './props.mjs';

const SHIRTS = [
  '#23a46a',
  '#d9f24a',
  '#e8735a',
  '#4d9bd6',
  '#f4f4ef',
  '#f2b233',
  '#8e6bd1',
  '#e95f8e',
  '#126a47',
  '#36b5b0',
];
/** Deterministic varied outfit for a child. */
const kidPal = (ctx, i) => ({
  skin: SKINS[(i * 5 + 1) % SKINS.length],
  hair: HAIRS[(i * 7 + 2) % HAIRS.length],
  shirt: SHIRTS[(i * 3) % SHIRTS.length],
  shorts: ctx.pick(['#1d2d4a', '#07271c', '#f4f4ef', '#2b2b33', '#5a6b7a']),
  hairStyle: ['short', 'pony', 'cap', 'short'][i % 4],
  cap: ctx.pick(['#f4f4ef', '#23a46a', '#d9f24a']),
});
const kid = (ctx, i, x, z, pose, extra = {}) => ({
  x,
  z,
  pose,
  kid: true,
  m: 1.2 + ((i * 37) % 10) / 40,
  pal: kidPal(ctx, i),
  ...extra,
});
/** Coloured throw-down line on the court (red/orange-ball court markings). */
const stripe = (cam, a, b, color, w = 0.06) => {
  const dx = b[0] - a[0],
    dz = b[1] - a[1],
    L = Math.hypot(dx, dz),
    nx = (-dz / L) * w,
    nz = (dx / L) * w;
  return poly(
    cam.poly([
      [a[0] + nx, 0.002, a[1] + nz],
      [b[0] + nx, 0.002, b[1] + nz],
      [b[0] - nx, 0.002, b[1] - nz],
      [a[0] - nx, 0.002, a[1] - nz],
    ]),
    `fill="${color}"`,
  );
};
/** Portable mini net for red-ball courts, across x0..x1 at depth z. */
const miniNet = (cam, x0, x1, z, h = 0.8) => ({
  depth: cam.depth([(x0 + x1) / 2, 0, z]),
  svg:
    poly(
      cam.poly([
        [x0, 0.05, z],
        [x1, 0.05, z],
        [x1, h, z],
        [x0, h, z],
      ]),
      'fill="#222" opacity="0.35"',
    ) +
    poly(
      cam.poly([
        [x0, h - 0.06, z],
        [x1, h - 0.06, z],
        [x1, h, z],
        [x0, h, z],
      ]),
      'fill="#f4f4ef"',
    ) +
    [x0, x1]
      .map((x) =>
        poly(
          cam.poly([
            [x - 0.03, 0, z],
            [x + 0.03, 0, z],
            [x + 0.03, h, z],
            [x - 0.03, h, z],
          ]),
          'fill="#c8312a"',
        ),
      )
      .join(''),
});
/** Swoosh of a fast racket swing (screen space arc). */
const swoosh = (ctx, cx, cy, r, a0, a1, w) => {
  const P = (a) => [cx + Math.cos(a) * r, cy - Math.sin(a) * r];
  const [p, q] = [P(a0), P(a1)];
  return `<path d="M${f1(p[0])} ${f1(p[1])} A${f1(r)} ${f1(r)} 0 0 ${a1 > a0 ? 0 : 1} ${f1(q[0])} ${f1(q[1])}" fill="none" stroke="${ctx.lin(
    [
      [0, '#ffffff', 0],
      [1, '#ffffff', 0.55],
    ],
    [p[0], p[1], q[0], q[1]],
    true,
  )}" stroke-width="${f1(w)}" stroke-linecap="round" filter="${ctx.blur(2)}"/>`;
};
/** Clay dust kicked up around a point. */
const dust = (ctx, u, v, k) =>
  Array.from({ length: 26 }, () =>
    ellipse(
      u + ctx.jit(0, k * 0.5),
      v - ctx.rand(0, k * 0.18),
      ctx.rand(0.01, 0.035) * k,
      ctx.rand(0.008, 0.02) * k,
      `fill="#e9a884" opacity="${f1(ctx.rand(0.25, 0.6))}"`,
    ),
  ).join('');

export default {
  'youth-red-ball': {
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [0.5, 1.35, -16.6], pitch: 0.06, fov: 58 },
        treeH: 0.9,
        net: true,
        onCourt: (cam) =>
          [
            [-4.1, -11.9, -4.1, -1],
            [4.1, -11.9, 4.1, -1],
            [-4.1, -1, 4.1, -1],
          ]
            .map(([a, b, c, d]) => stripe(cam, [a, b], [c, d], '#d93b2b'))
            .join(''),
        people: [
          kid(ctx, 0, -2.4, -9.8, 'ready', { m: 1.15 }),
          kid(ctx, 1, 1.9, -9.2, 'forehand', { m: 1.12 }),
          kid(ctx, 2, -1.6, -4.2, 'volley', { m: 1.1 }),
          kid(ctx, 3, 2.3, -3.6, 'cheer', { m: 1.18 }),
          { x: 3.6, z: -7.4, pose: 'feed', pal: PAL.coach, mirror: true },
        ],
        balls: [
          [-1.2, -8.2, '#e0402a'],
          [0.4, -10.6, '#e0402a'],
          [2.9, -8.5, '#e0402a'],
          [-3.2, -6.5, '#e0402a'],
          [0.2, -5.5, '#e0402a', 0.6],
        ],
        items: (cam) => [
          miniNet(cam, -4.1, 4.1, -6.6),
          ...[-3.6, -1.2, 1.2, 3.6].map((x, i) =>
            coneAt(ctx, cam, x, -12.6, ['#e0402a', '#f2b233', '#4d9bd6', '#23a46a'][i], 0.18),
          ),
          basketAt(ctx, cam, 4.5, -8.6),
        ],
        wash: ['#ffe6b0', 0.18, [1, 0, 0, 1]],
      }).svg,
  },
  'youth-orange-ball': {
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [-3.5, 1.5, -16], yaw: 0.12, pitch: 0.05, fov: 56 },
        sky: ['#6aa6d6', '#e2eef0'],
        onCourt: (cam) =>
          [
            [-3.3, -9, 3.3, -9],
            [-3.3, -9, -3.3, 9],
            [3.3, -9, 3.3, 9],
            [-3.3, 9, 3.3, 9],
          ]
            .map(([a, b, c, d]) => stripe(cam, [a, b], [c, d], '#ef7d22'))
            .join(''),
        people: [
          kid(ctx, 4, -1.2, -8.6, 'forehand', { m: 1.4 }),
          kid(ctx, 5, 1.1, 8.5, 'ready', { m: 1.38 }),
          kid(ctx, 6, -3.6, -9.6, 'stand', { m: 1.35 }),
          kid(ctx, 7, -4.3, -9.1, 'stand', { m: 1.3 }),
        ],
        balls: [
          [0.6, -3.5, '#f08a24', 0.9],
          [-2, 3, '#f08a24'],
          [2.4, -6, '#f08a24'],
          [-4.4, -7, '#f08a24'],
        ],
        items: (cam) => [
          ...[-3.3, 3.3].flatMap((x) => [-9, 9].map((z) => coneAt(ctx, cam, x, z, '#ef7d22', 0.2))),
          basketAt(ctx, cam, -6.2, -8.5),
        ],
        wash: ['#ffe2ae', 0.15, [1, 0, 0, 1]],
      }).svg,
  },
  'youth-group': {
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [0, 1.3, -19], pitch: 0.03, fov: 52 },
        sun: [0.2, 0.08, 0.3],
        treeH: 0.8,
        clouds: 4,
        people: [
          ...[-3, -2.1, -1.15, -0.2, 0.75, 1.7, 2.6].map((x, i) =>
            kid(
              ctx,
              i + 3,
              x,
              -11.4 + 0.3 * Math.abs(x) - (i % 2) * 0.35,
              ['cheer', 'stand', 'cheer', 'ready', 'cheer', 'stand', 'cheer'][i],
            ),
          ),
          { x: 3.9, z: -9.2, pose: 'point', pal: PAL.coach, mirror: true },
        ],
        balls: [
          [-1.8, -13.3],
          [1.4, -13.8],
          [0.2, -12.9],
          [-3.6, -13.6],
        ],
        items: (cam) => [
          ...[-4.5, -1.5, 1.5, 4.5].map((x, i) =>
            coneAt(ctx, cam, x, -14.2, ['#f2b233', '#e0402a', '#4d9bd6', '#23a46a'][i]),
          ),
          basketAt(ctx, cam, 5.6, -11.6),
        ],
        wash: ['#ffe3ad', 0.2, [0, 0, 1, 1]],
      }).svg,
  },
  'junior-academy': {
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [-7, 2.4, -23], yaw: 0.25, pitch: 0.07, fov: 52 },
        apron: 6,
        sun: [0.85, 0.12, 0.35],
        people: [
          {
            x: -1.2,
            z: -11,
            pose: 'forehand',
            pal: { ...PAL.green, hairStyle: 'pony', skirt: true, shorts: '#f4f4ef' },
            m: 1.68,
          },
          { x: -6.4, z: -4.6, pose: 'stand', pal: { ...PAL.navy, shirt: '#126a47' }, m: 1.75 },
          { x: -7.0, z: -6.3, pose: 'stand', pal: PAL.white, m: 1.62 },
          { x: -7.6, z: -8.0, pose: 'armsCrossed', pal: { ...PAL.sky, shirt: '#d9f24a' }, m: 1.7 },
          { x: -8.2, z: -9.7, pose: 'stand', pal: PAL.coral, m: 1.64, racket: true },
          { x: 1.5, z: 3.2, pose: 'feed', pal: PAL.coach, mirror: true },
        ],
        balls: [
          [0.5, -4.5, C.ball, 1],
          [-2.5, -6],
          [2.5, -8.4],
          [3, -9.6],
          [-0.5, -9],
          [-3.5, -13.2],
        ],
        items: (cam) => [
          basketAt(ctx, cam, 2.4, 3.3),
          ...[
            [-3.5, 9],
            [0, 9],
            [3.5, 9],
          ].map(([x, z]) => coneAt(ctx, cam, x, z, '#d9f24a')),
        ],
        wash: ['#ffdca0', 0.22, [1, 0, 0, 1]],
      }).svg,
  },
  'pro-academy': {
    // evening session under the floodlights: a full forehand follow-through
    draw: (ctx) => {
      const P = [1.2, -12];
      const { svg, cam } = park(ctx, {
        cam: { pos: [-0.3, 1.3, -18.6], yaw: 0.0, pitch: -0.02, fov: 54 },
        apron: 4,
        sky: ['#14294a', '#f2a468'],
        skyMid: '#5d5f86',
        trees: ['#12281b', '#1a3a25', '#2d5534'],
        sun: [0.12, 0.42, 0.45],
        sunColor: '#ffcf8a',
        sunOp: 0.55,
        clouds: 3,
        cloudColor: '#f1b08c',
        cloudOp: 0.45,
        dof: 2.2,
        vignette: 0.55,
        treeH: 0.85,
        people: [
          {
            x: P[0],
            z: P[1],
            pose: 'followThrough',
            pal: {
              skin: '#9c6644',
              shirt: '#f4f4ef',
              shorts: '#07271c',
              hair: '#1a1410',
              hairStyle: 'cap',
              cap: '#d9f24a',
              shoes: '#f4f4ef',
            },
            m: 1.86,
            light: 'left',
            shadow: { op: 0.45, dir: 1.2, len: 1.8 },
          },
          { x: 6.6, z: -7.2, pose: 'armsCrossed', pal: PAL.coach, mirror: true },
          { x: -1.5, z: 11.5, pose: 'ready', pal: PAL.white },
        ],
        behind: (cam) => mast(ctx, cam, -9.4, 18.2, { lit: true }) + mast(ctx, cam, 9.4, 18.2, { lit: true }),
        wash: ['#ffb870', 0.25, [0, 0.3, 1, 0.7]],
        shadeOp: 0.3,
      });
      const [u, v] = cam.pt([P[0], 0, P[1]]),
        k = cam.scale([P[0], 0, P[1]]);
      return (
        svg +
        g2(dust(ctx, u - k * 0.25, v, k), ctx) +
        swoosh(ctx, u + k * 0.05, v - k * 1.2, k * 0.62, -0.9, 2.2, k * 0.06) +
        line(
          [
            [u - k * 1.5, v - k * 1.13],
            [u - k * 2.1, v - k * 1.18],
          ],
          `stroke="${ctx.lin(
            [
              [0, '#d9f24a', 0.5],
              [1, '#d9f24a', 0],
            ],
            [u - k * 1.5, 0, u - k * 2.1, 0],
            true,
          )}" stroke-width="${f1(k * 0.06)}" stroke-linecap="round"`,
        ) +
        ball(ctx, u - k * 1.5, v - k * 1.13, k * 0.04)
      );
    },
  },
  'pro-fitness': {
    draw: (ctx) =>
      park(ctx, {
        ...{ surface: C.hardGreen, inner: C.hardBlue, texture: 'hard' },
        cam: { pos: [-4, 1.5, -17], yaw: 0.2, pitch: 0.06, fov: 54 },
        onCourt: (cam) => {
          let s = '';
          for (const x of [-2.8, -2.2])
            s += poly(
              cam.poly([
                [x - 0.02, 0.005, -14],
                [x + 0.02, 0.005, -14],
                [x + 0.02, 0.005, -5],
                [x - 0.02, 0.005, -5],
              ]),
              'fill="#f0d623"',
            );
          for (let z = -14; z <= -5; z += 0.45)
            s += poly(
              cam.poly([
                [-2.8, 0.006, z],
                [-2.2, 0.006, z],
                [-2.2, 0.006, z + 0.05],
                [-2.8, 0.006, z + 0.05],
              ]),
              'fill="#f0d623"',
            );
          return s;
        },
        people: [
          { x: -2.5, z: -10.5, pose: 'run', pal: { ...PAL.green, shirt: '#07271c' }, racket: false },
          { x: 1.2, z: -7, pose: 'lunge', pal: PAL.yellow, racket: false },
          { x: -4.4, z: -9.8, pose: 'point', pal: PAL.coach, racket: false },
        ],
        items: (cam) => [
          ...[-6, -3.5, -1].map((z) => ({
            depth: cam.depth([1.5, 0, z]),
            svg:
              [1.1, 1.9]
                .map((x) =>
                  line(
                    [cam.pt([x, 0, z]), cam.pt([x, 0.3, z])],
                    `stroke="#ef7d22" stroke-width="${f1(cam.scale([x, 0, z]) * 0.04)}"`,
                  ),
                )
                .join('') +
              line(
                [cam.pt([1.1, 0.3, z]), cam.pt([1.9, 0.3, z])],
                `stroke="#ef7d22" stroke-width="${f1(cam.scale([1.5, 0, z]) * 0.05)}"`,
              ),
          })),
          ...[
            [-4.2, -11.5, '#c8312a'],
            [-4.6, -11.1, '#23394f'],
          ].map(([x, z, c]) => {
            const [u, v] = cam.pt([x, 0.14, z]),
              r = cam.scale([x, 0, z]) * 0.14;
            return {
              depth: cam.depth([x, 0, z]),
              svg:
                ellipse(u, v + r * 0.9, r * 1.1, r * 0.3, 'fill="#000" opacity="0.3"') +
                ellipse(
                  u,
                  v,
                  r,
                  r,
                  `fill="${ctx.rad(
                    [
                      [0, shade(c, 0.3)],
                      [1, shade(c, -0.3)],
                    ],
                    { cx: 0.35, cy: 0.35 },
                  )}"`,
                ),
            };
          }),
          ...[-3.5, 3.5].map((x) => coneAt(ctx, cam, x, -3, '#ef7d22')),
        ],
        wash: ['#fff0c8', 0.15, [1, 0, 0, 1]],
      }).svg,
  },
  'camp-summer': {
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [-1, 2.2, -24], yaw: 0.06, pitch: 0.06, fov: 56 },
        apron: 7,
        sky: ['#3f8fd4', '#d5ecf4'],
        clouds: 5,
        cloudOp: 0.9,
        sun: [0.85, 0.05, 0.35],
        treeH: 0.8,
        people: [
          kid(ctx, 0, -3.4, -14.2, 'cheer'),
          kid(ctx, 1, -1.9, -13.4, 'run', { mirror: true }),
          kid(ctx, 2, -0.4, -14.6, 'ready'),
          kid(ctx, 3, 1.1, -13.8, 'cheer'),
          kid(ctx, 4, 2.6, -14.4, 'stand'),
          kid(ctx, 8, -2.5, -8.5, 'forehand'),
          kid(ctx, 5, 3, -7.5, 'volley'),
          kid(ctx, 6, 0.6, 4.5, 'ready'),
          kid(ctx, 7, -2.8, 5.5, 'ready'),
          { x: 4, z: -12.6, pose: 'point', pal: PAL.coach2, mirror: true },
        ],
        balls: [
          [-2, -16.2],
          [1.3, -16.8],
          [3, -15.5],
          [-0.5, -10],
        ],
        items: (cam) => [
          tent(ctx, cam, -6.6, -16.2, { w: 3 }),
          ...[-3, 0, 3].map((x, i) => coneAt(ctx, cam, x, -5, ['#f2b233', '#e0402a', '#4d9bd6'][i])),
          { depth: cam.depth([-6.2, 0, -15.6]), svg: waterCooler(ctx, cam, -6.2, -15.6) },
        ],
        front: (cam) =>
          bunting(ctx, cam, [-9.2, 3.6, 6], [9.2, 3.6, 6], { n: 22 }) +
          bunting(ctx, cam, [-9.2, 3.8, -14], [-9.2, 3.8, 12], { n: 18 }) +
          bunting(ctx, cam, [9.2, 3.8, -14], [9.2, 3.8, 12], { n: 18 }),
        wash: ['#fff0c0', 0.2, [1, 0, 0, 1]],
      }).svg,
    post: { saturation: 1.08 },
  },
  'camp-games': {
    // the parachute game on the lawn beside the courts
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [0, 3.2, -24], pitch: 0.16, fov: 54 },
        grass: '#5c8f3f',
        surface: '#5c8f3f',
        texture: 'none',
        lineColor: '#5c8f3f',
        net: false,
        sideFences: false,
        sky: ['#4f97d6', '#dcedf2'],
        clouds: 5,
        fenceZ: 14,
        cloth: '#1f4634',
        items: (cam) => {
          const cx = 0,
            cz = -14,
            R = 3.2,
            N = 16,
            hub = [cx, 1.35, cz],
            rim = (i) => [
              cx + Math.cos((i / N) * 2 * Math.PI) * R,
              0.75 + 0.08 * Math.sin(i * 1.7),
              cz + Math.sin((i / N) * 2 * Math.PI) * R,
            ];
          const cols = ['#e0402a', '#f2b233', '#23a46a', '#4d9bd6', '#8e6bd1', '#d9f24a'];
          const wedges = Array.from({ length: N }, (_, i) => ({
            depth: cam.depth(rim(i + 0.5)) + 0.01,
            svg: poly([cam.pt(hub), cam.pt(rim(i)), cam.pt(rim(i + 1))], `fill="${cols[i % cols.length]}"`),
          }));
          const chute = {
            depth: cam.depth([cx, 0, cz]),
            svg: wedges
              .sort((a, b) => b.depth - a.depth)
              .map((w) => w.svg)
              .join(''),
          };
          const ring = Array.from({ length: 11 }, (_, i) => {
            const a = (i / 11) * 2 * Math.PI + 0.3,
              x = cx + Math.cos(a) * (R + 0.25),
              z = cz + Math.sin(a) * (R + 0.25),
              far = z > cz;
            return person(ctx, cam, x, z + (far ? 0.05 : -0.05), {
              ...kid(ctx, i, x, z, 'cheer'),
              face: far ? 'front' : 'back',
              light: 'left',
            });
          });
          const far = ring.filter((p) => p.depth > chute.depth),
            near = ring.filter((p) => p.depth <= chute.depth);
          return [
            ...far.map((p) => ({ ...p, depth: p.depth + 100 })),
            chute,
            ...near,
            person(ctx, cam, 5, -12, { pose: 'point', pal: PAL.coach2, mirror: true }),
            ...[
              [-6, -9],
              [-6.5, -7.5],
              [-5.6, -8.1],
            ].map(([x, z], i) => coneAt(ctx, cam, x, z, cols[i])),
            tent(ctx, cam, -7, -4, { w: 3 }),
          ];
        },
        wash: ['#fff0c0', 0.2, [1, 0, 0, 1]],
      }).svg,
    post: { saturation: 1.06 },
  },
  'camp-lunch': {
    // long picnic table under the trees beside the courts, kids at lunch
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [0.8, 2.2, -23.6], yaw: -0.03, pitch: 0.3, fov: 52 },
        sky: ['#5a9fd6', '#e1eff2'],
        clouds: 3,
        items: (cam) => {
          const T = 0.74,
            z0 = -20.4,
            z1 = -19.4,
            out = [];
          let top =
            boxC(cam, [-3.4, T - 0.05, z0], [3.4, T, z1], '#f4f4ef').svg +
            poly(
              cam.poly([
                [-3.4, T, z0],
                [3.4, T, z0],
                [3.4, T - 0.3, z0],
                [-3.4, T - 0.3, z0],
              ]),
              `fill="${C.green}"`,
            );
          for (let i = 0; i < 34; i++)
            for (let j = 0; j < 5; j++)
              if ((i + j) % 2)
                top += poly(
                  cam.poly([
                    [-3.4 + i * 0.2, T + 0.001, z0 + j * 0.2],
                    [-3.2 + i * 0.2, T + 0.001, z0 + j * 0.2],
                    [-3.2 + i * 0.2, T + 0.001, z0 + j * 0.2 + 0.2],
                    [-3.4 + i * 0.2, T + 0.001, z0 + j * 0.2 + 0.2],
                  ]),
                  `fill="${C.green}" opacity="0.8"`,
                );
          out.push({ depth: cam.depth([0, 0, (z0 + z1) / 2]), svg: top + food(ctx, cam, T, z0 + 0.1, z1 - 0.1) });
          for (let i = 0; i < 6; i++) {
            const x = -2.7 + i * 1.08;
            out.push({
              ...person(ctx, cam, x + ctx.jit(0, 0.1), z1 + 0.4, {
                ...kid(ctx, i, 0, 0, 'sit'),
                y: -0.12,
                noShadow: true,
              }),
              depth: cam.depth([x, 0, z1 + 0.2]) + 0.5,
            });
          }
          for (const x of [-2.2, 0.4, 2.8])
            out.push({
              ...person(ctx, cam, x, z0 - 0.4, {
                ...kid(ctx, Math.round(x * 3 + 9), 0, 0, 'sit'),
                face: 'back',
                y: -0.12,
                noShadow: true,
              }),
              depth: cam.depth([x, 0, z0]) - 0.6,
            });
          out.push({
            ...boxC(cam, [-3.4, 0.4, z0 - 0.75], [3.4, 0.46, z0 - 0.45], '#8a6a48'),
            depth: cam.depth([0, 0, z0]) - 1,
          });
          out.push(
            parasol(ctx, cam, -6.2, -16.5, { color: C.green, stripe: '#f4f4ef' }),
            tent(ctx, cam, 6.2, -15.5, { w: 3 }),
          );
          return out;
        },
        people: [{ x: 4.4, z: -17.2, pose: 'stand', pal: PAL.coach }],
        wash: ['#ffe8b8', 0.2, [1, 0, 0, 1]],
        vignette: 0.45,
        grass: '#5c8a3e',
        front: () => leaves(ctx),
      }).svg,
  },
  'trainer-feeding': {
    draw: (ctx) => {
      const { svg, cam } = park(ctx, {
        cam: { pos: [-7.5, 1.6, -6.5], yaw: 0.62, pitch: 0.03, fov: 50 },
        sun: [0.2, 0.1, 0.3],
        people: [
          { x: -3.2, z: -2.6, pose: 'feed', pal: PAL.coach },
          { x: 1.2, z: 10.8, pose: 'forehand', pal: PAL.sky, mirror: true },
        ],
        balls: [
          [-1, -1],
          [0.5, -3.5],
          [-3.5, -5],
          [2, 2.5],
          [-1.8, 4.4],
          [-0.5, 7.3, C.ball, 1.1],
        ],
        items: (cam) => [basketAt(ctx, cam, -4.1, -2.2)],
        wash: ['#ffe2a8', 0.2, [0, 0, 1, 1]],
      });
      const arc = [0.2, 0.4, 0.6, 0.8].map((t) =>
        cam.pt([-2.8 + t * 3.6, 1.2 + Math.sin(t * Math.PI) * 1.3, -2.4 + t * 12]),
      );
      return svg + arc.map(([u, v], i) => ball(ctx, u, v, 5 - i * 0.8)).join('');
    },
  },
  'trainer-team': {
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [0, 2.3, 3.2], pitch: 0.1, fov: 54 },
        clouds: 3,
        sideFences: false,
        net: false,
        clothH: 2.2,
        treeH: 0.7,
        people: [
          { x: -3.1, z: 10.9, pose: 'armsCrossed', pal: { ...PAL.coach, hairStyle: 'short' } },
          { x: -1.9, z: 11.3, pose: 'stand', pal: { ...PAL.coach2 }, racket: true },
          {
            x: -0.6,
            z: 11,
            pose: 'armsCrossed',
            pal: { ...PAL.coach, skin: '#f1c9a5', hair: '#c9a062', hairStyle: 'pony' },
            m: 1.7,
          },
          {
            x: 0.7,
            z: 11.3,
            pose: 'stand',
            pal: { ...PAL.coach, skin: '#c68a62', hair: '#1a1410', hairStyle: 'short', shirt: C.green },
          },
          {
            x: 1.9,
            z: 10.9,
            pose: 'armsCrossed',
            pal: { ...PAL.coach2, skin: '#f4d2b8', hair: '#7a5230', hairStyle: 'pony' },
            m: 1.68,
          },
          {
            x: 3.1,
            z: 11.2,
            pose: 'stand',
            pal: { ...PAL.coach, hairStyle: 'cap', cap: C.yellow, skin: '#9c6644' },
            mirror: true,
          },
        ],
        onFence: (cam) => {
          const [l, t] = cam.pt([-4.2, 2.05, 18.25]),
            [r, b] = cam.pt([4.2, 1.3, 18.25]);
          return `${rect(l, t, r - l, b - t, `fill="${C.deep}"`)}<text x="${f1((l + r) / 2)}" y="${f1(b - (b - t) * 0.28)}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${f1((b - t) * 0.52)}" letter-spacing="${f1((b - t) * 0.12)}" fill="#f4f4ef">BASELINE <tspan fill="${C.yellow}">TENNIS</tspan></text>`;
        },
        wash: ['#ffe3b0', 0.18, [1, 0, 0, 1]],
      }).svg,
  },
  'match-doubles': {
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [-1.2, 5.2, -22], pitch: 0.17, fov: 56 },
        sun: [0.15, 0.08, 0.35],
        clouds: 4,
        fenceZ: 18.3,
        people: [
          { x: 1.4, z: -12.1, pose: 'serveHit', pal: PAL.green, face: 'back' },
          { x: -2.8, z: -3.2, pose: 'readyBack', pal: PAL.green, face: 'back' },
          { x: -3.4, z: 12.3, pose: 'ready', pal: PAL.white },
          { x: 2.6, z: 6.6, pose: 'volley', pal: { ...PAL.white, hairStyle: 'cap', cap: '#1d2d4a' } },
        ],
        balls: [
          [4.7, -14],
          [-6.5, 9],
        ],
        wash: ['#ffdca8', 0.2, [0, 0, 1, 1]],
      }).svg,
  },
  'match-singles': {
    // from the corner behind the low courtside barrier: server, umpire chair, players' bench
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [-10.2, 3.6, -22.5], yaw: 0.49, pitch: 0.1, fov: 60 },
        apron: 6,
        clouds: 4,
        sun: [0.8, 0.1, 0.3],
        fences: [
          [
            [-40, 18.3],
            [40, 18.3],
          ],
          [
            [9.2, -28],
            [9.2, 18.3],
          ],
        ],
        people: [
          { x: 1.6, z: -12.3, pose: 'serveHit', pal: PAL.navy, face: 'back' },
          { x: -1.8, z: 12.4, pose: 'ready', pal: PAL.coral },
        ],
        items: (cam) => [
          ...[-2.2, 2.2].map((z) => ({
            depth: cam.depth([-8.3, 0, z]),
            svg:
              boxC(cam, [-8.4, 0.42, z - 0.8], [-7.9, 0.48, z + 0.8], '#f4f4ef').svg +
              boxC(cam, [-8.5, 0.45, z - 0.8], [-8.4, 0.95, z + 0.8], C.green).svg,
          })),
          {
            depth: cam.depth([-7.2, 0, 0]),
            svg:
              boxC(cam, [-7.5, 0, -0.4], [-6.9, 1.9, 0.4], '#1f4634').svg +
              boxC(cam, [-7.55, 1.9, -0.45], [-6.85, 2.0, 0.45], '#e6e6e0').svg,
          },
          person(ctx, cam, -7.2, 0, {
            pose: 'sit',
            pal: { ...PAL.white, shirt: '#1d2d4a', long: true },
            y: 1.55,
            noShadow: true,
            face: 'side',
          }),
          parasol(ctx, cam, -8.3, -2.2, { color: C.green, r: 1, h: 2.1 }),
        ],
        front: (cam) => fenceLine(ctx, cam),
        wash: ['#ffe0a8', 0.2, [0, 0, 1, 1]],
      }).svg,
  },
};
const g2 = (s, ctx) => `<g filter="${ctx.blur(1.5)}">${s}</g>`;
/** Plates, fruit, bottles along the lunch table (world space). */
function food(_ctx, cam, T, z0, z1) {
  let s = '';
  for (let i = 0; i < 12; i++) {
    const x = -2.8 + (i % 6) * 1.05 + (i < 6 ? 0.15 : 0.55),
      z = i < 6 ? z1 - 0.22 : z0 + 0.22,
      k = cam.scale([x, T, z]);
    const [u, v] = cam.pt([x, T, z]);
    s += ellipse(u, v, k * 0.13, k * 0.13 * 0.35, 'fill="#ffffff" stroke="#d9d9d2" stroke-width="1"');
    s += poly(
      [
        [u - k * 0.08, v - k * 0.01],
        [u + k * 0.07, v - k * 0.03],
        [u + k * 0.01, v - k * 0.06],
      ],
      'fill="#e8c98a"',
    );
    if (i % 3 === 0)
      s += ellipse(
        u + k * 0.2,
        v - k * 0.04,
        k * 0.04,
        k * 0.04,
        `fill="${['#d8412f', '#f08a24', '#8fbf3a'][i % 3 === 0 ? (i / 3) % 3 : 0]}"`,
      );
    if (i % 2 === 0)
      s +=
        rect(u - k * 0.22, v - k * 0.24, k * 0.06, k * 0.22, 'fill="#9fd0ee" opacity="0.85"') +
        rect(u - k * 0.21, v - k * 0.27, k * 0.04, k * 0.03, `fill="${C.green}"`);
  }
  for (const x of [-1.5, 0.3, 2]) {
    const [u, v] = cam.pt([x, T, (z0 + z1) / 2]),
      k = cam.scale([x, T, z0]);
    s +=
      ellipse(u, v - k * 0.05, k * 0.22, k * 0.08, 'fill="#c9a06a"') +
      [0, 1, 2, 3]
        .map((j) =>
          ellipse(
            u - k * 0.12 + j * k * 0.08,
            v - k * 0.09,
            k * 0.05,
            k * 0.05,
            `fill="${['#d8412f', '#f08a24', '#f2d23a', '#8fbf3a'][j]}"`,
          ),
        )
        .join('');
  }
  return s;
}
/** Low sideline fence in the foreground (match-singles). */
function fenceLine(ctx, cam) {
  const s = poly(
    cam.poly([
      [-9.2, 0, -30],
      [-9.2, 0, 30],
      [-9.2, 0.9, 30],
      [-9.2, 0.9, -30],
    ]),
    `fill="${ctx.lin([
      [0, '#27533f'],
      [1, '#173328'],
    ])}" opacity="0.95"`,
  );
  return (
    s +
    poly(
      cam.poly([
        [-9.2, 0.86, -30],
        [-9.2, 0.86, 30],
        [-9.2, 0.92, 30],
        [-9.2, 0.92, -30],
      ]),
      'fill="#e6e6e0"',
    )
  );
}
/** Out-of-focus foliage framing the top of the picture. */
function leaves(ctx) {
  let s = '';
  for (let i = 0; i < 40; i++) {
    const x = ctx.r() < 0.5 ? ctx.rand(-100, 500) : ctx.rand(1100, 1700),
      y = ctx.rand(-80, 140) - Math.abs(x - 800) * -0.05;
    s += ellipse(x, y, ctx.rand(40, 90), ctx.rand(25, 55), `fill="${ctx.pick(['#183d24', '#22502e', '#2c6136'])}"`);
  }
  return `<g filter="${ctx.blur(9)}" opacity="0.95">${s}</g>`;
}
/** Orange drinks cooler on a little table (camp). */
function waterCooler(ctx, cam, x, z) {
  const k = cam.scale([x, 0, z]),
    [u, v] = cam.pt([x, 0.75, z]);
  return (
    rect(u - k * 0.4, v, k * 0.8, k * 0.05, 'fill="#e6e6e0"') +
    line(
      [
        [u - k * 0.35, v],
        [u - k * 0.35, v + k * 0.72],
      ],
      'stroke="#bbb" stroke-width="2"',
    ) +
    line(
      [
        [u + k * 0.35, v],
        [u + k * 0.35, v + k * 0.72],
      ],
      'stroke="#bbb" stroke-width="2"',
    ) +
    rect(
      u - k * 0.16,
      v - k * 0.42,
      k * 0.32,
      k * 0.42,
      `rx="${f1(k * 0.04)}" fill="${ctx.lin(
        [
          [0, '#ff9a3c'],
          [1, '#d8641c'],
        ],
        [0, 0, 1, 0],
      )}"`,
    ) +
    rect(u - k * 0.17, v - k * 0.46, k * 0.34, k * 0.07, 'fill="#f4f4ef"')
  );
}
