// Court scenes: clay, hard, indoor, net close-up, sunset.
import { camera, dof, ellipse, f1, line, mix, poly, rect, shade } from './lib.mjs';
import { C, ballAt, basketAt, court, glow, layer, net, vignette, wash } from './elements.mjs';
import { person } from './figure.mjs';
import { PAL, park } from './kit.mjs';
import { mast } from './props.mjs';

const HARD = { surface: C.hardGreen, inner: C.hardBlue, texture: 'hard' };

/** Indoor hall with an arched roof over two courts side by side. */
function hall(ctx, o) {
  const { W, H } = ctx,
    cam = camera({ W, H, ...o.cam });
  const X = 18.4,
    Z = 18.3,
    eave = 6,
    rise = 4.5,
    roof = (x) => eave + rise * (1 - (x / X) ** 2);
  const wall = o.wall ?? '#1f3f33';
  let s = rect(0, 0, W, H, 'fill="#d8dcd6"');
  const xs = Array.from({ length: 25 }, (_, i) => -X + (2 * X * i) / 24);
  for (let i = 0; i < 24; i++) {
    // ceiling strips, lit toward the ridge
    const [a, b] = [xs[i], xs[i + 1]],
      t = 1 - Math.abs((a + b) / 2) / X;
    s += poly(
      cam.poly([
        [a, roof(a), -40],
        [b, roof(b), -40],
        [b, roof(b), Z],
        [a, roof(a), Z],
      ]),
      `fill="${mix('#5d6864', '#c3cac5', t)}"`,
    );
  }
  for (let z = -40; z <= Z; z += 5)
    s += line(
      xs.map((x) => cam.pt([x, roof(x) - 0.05, z])),
      `stroke="#5c6560" stroke-width="${f1(Math.max(1, cam.scale([0, 8, z]) * 0.18))}" opacity="0.75"`,
    );
  for (const x of [-12, -6, 6, 12])
    for (let z = -30; z < Z; z += 5) {
      const y = roof(x) - 0.3,
        p = cam.pt([x, y, z + 2.5]);
      s += poly(
        cam.poly([
          [x - 0.5, y, z + 1.5],
          [x + 0.5, y, z + 1.5],
          [x + 0.5, y, z + 3.5],
          [x - 0.5, y, z + 3.5],
        ]),
        'fill="#fffdf2"',
      );
      s += glow(ctx, p[0], p[1], cam.scale([x, y, z]) * 2.2, '#fffbe6', 0.45);
    }
  // back wall: dark backdrop, high translucent window band
  s += poly(
    cam.poly([
      [-X, 0, Z],
      [X, 0, Z],
      ...xs
        .slice()
        .reverse()
        .map((x) => [x, roof(x), Z]),
    ]),
    'fill="#a3aca6"',
  );
  s += poly(
    cam.poly([
      [-X, eave - 2.4, Z - 0.01],
      [X, eave - 2.4, Z - 0.01],
      [X, eave - 0.4, Z - 0.01],
      [-X, eave - 0.4, Z - 0.01],
    ]),
    'fill="#dfe8e8" opacity="0.75"',
  );
  for (const sx of [-1, 1]) {
    s += poly(
      cam.poly([
        [sx * X, 0, -40],
        [sx * X, 0, Z],
        [sx * X, eave, Z],
        [sx * X, eave, -40],
      ]),
      `fill="${sx < 0 ? '#9ea79f' : '#8d968f'}"`,
    );
    s += poly(
      cam.poly([
        [sx * X, eave - 2.2, -40],
        [sx * X, eave - 2.2, Z],
        [sx * X, eave - 0.5, Z],
        [sx * X, eave - 0.5, -40],
      ]),
      'fill="#dfe8e8" opacity="0.6"',
    );
    s += poly(
      cam.poly([
        [sx * X, 0, -40],
        [sx * X, 0, Z],
        [sx * X, 3, Z],
        [sx * X, 3, -40],
      ]),
      `fill="${shade(wall, sx * 0.06)}"`,
    );
  }
  s += poly(
    cam.poly([
      [-X, 0, Z - 0.02],
      [X, 0, Z - 0.02],
      [X, 3.2, Z - 0.02],
      [-X, 3.2, Z - 0.02],
    ]),
    `fill="${wall}"`,
  );
  s += rect(0, cam.horizon, W, H, 'fill="none"');
  for (const ox of [-9.2, 9.2])
    s += court(ctx, cam, { ox, surface: o.surface, inner: o.inner, texture: o.texture, runoff: [9.2, Z] });
  s += poly(
    cam.poly([
      [-0.03, 0, -Z],
      [0.03, 0, -Z],
      [0.03, 0, Z],
      [-0.03, 0, Z],
    ]),
    'fill="#000" opacity="0.2"',
  );
  const items = [net(ctx, cam, { ox: -9.2 }), net(ctx, cam, { ox: 9.2 })];
  if (o.divider)
    items.push({
      depth: cam.depth([0, 0, 0]),
      svg: poly(
        cam.poly([
          [0, 0, -Z],
          [0, 0, Z],
          [0, 3.2, Z],
          [0, 3.2, -Z],
        ]),
        'fill="#17231e" opacity="0.55"',
      ),
    });
  for (const p of o.people ?? [])
    items.push(person(ctx, cam, p.x, p.z, { light: 'right', shadow: { op: 0.2, dir: 0 }, ...p }));
  for (const b of o.balls ?? []) items.push(ballAt(ctx, cam, ...b));
  for (const it of o.items ? o.items(cam) : []) items.push(it);
  s += layer(items);
  s += wash(ctx, '#fff6e0', 0.12, [0.5, 0, 0.5, 1]) + vignette(ctx, 0.35);
  return s;
}

export default {
  'court-clay-1': {
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [1.5, 3.4, -17.8], pitch: 0.11, fov: 62 },
        sun: [0.78, 0.1, 0.35],
        wash: ['#ffd9a0', 0.18, [1, 0, 0, 1]],
        people: [
          { x: -1.2, z: 12.6, pose: 'ready', pal: PAL.white },
          { x: 3.4, z: -10.6, pose: 'forehand', pal: PAL.green, mirror: true, face: 'back' },
        ],
        balls: [
          [1.2, -3],
          [-3.5, -9.5],
          [4.9, 5.5],
        ],
      }).svg,
  },
  'court-clay-2': {
    // angled view from the net post, morning light, empty court
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [-8.4, 1.6, -5], yaw: 0.75, pitch: 0.05, fov: 58 },
        sky: ['#7fb0d8', '#e6efe9'],
        sun: [0.15, 0.12, 0.3],
        clouds: 3,
        poplar: 0.5,
        people: [{ x: 2.5, z: 12.2, pose: 'serve', pal: PAL.coral, mirror: true }],
        balls: [
          [-4, -2.5],
          [-2.2, -1.2],
          [0.6, 3.4],
        ],
        wash: ['#fff1c8', 0.2, [0, 0, 1, 0.6]],
      }).svg,
  },
  'court-clay-3': {
    // aerial view over three clay courts at a club park
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [4, 24, -40], pitch: 0.52, fov: 55 },
        courts: [-18.4, 0, 18.4],
        treeH: 1.3,
        dof: 0.5,
        clouds: 0,
        people: [
          { x: -18.4 - 2, z: 11.8, pose: 'ready', pal: PAL.white },
          { x: -18.4 + 1, z: -11.9, pose: 'serve', pal: PAL.navy, face: 'back' },
          { x: -2.5, z: 11.5, pose: 'ready', pal: PAL.yellow },
          { x: 2.5, z: 6.2, pose: 'volley', pal: PAL.green },
          { x: -2.8, z: -11.9, pose: 'serve', pal: PAL.coral, face: 'back' },
          { x: 2.4, z: -5.8, pose: 'readyBack', pal: PAL.sky },
          { x: 18.4 - 1, z: 1.5, pose: 'feed', pal: PAL.coach },
          { x: 18.4 + 1.5, z: 10, pose: 'forehand', pal: PAL.green, mirror: true },
        ],
        balls: [
          [16, 3],
          [16.5, 4.2],
          [21, 8],
          [19, 6.3],
          [-17, 2],
        ],
        items: (cam) => [basketAt(ctx, cam, 17.2, 0.9)],
        wash: ['#ffe0a8', 0.15, [1, 0, 0, 1]],
      }).svg,
  },
  'court-clay-4': {
    // low angle at the baseline: balls on the line, the court soft in the distance
    draw: (ctx) => {
      const scene = park(ctx, {
        cam: { pos: [-3.8, 0.45, -14.8], yaw: 0.22, pitch: 0.0, fov: 50 },
        sky: ['#86b4d6', '#eef2ea'],
        clouds: 2,
        vignette: 0.35,
        apron: 3,
        balls: [
          [-3.15, -11.9],
          [-2.75, -11.62],
          [0.5, -9],
        ],
        people: [{ x: 2.5, z: 11.8, pose: 'ready', pal: PAL.white }],
        items: (cam) => [basketAt(ctx, cam, 4.2, -13.6)],
        front: () =>
          Array.from({ length: 260 }, () => {
            const y = ctx.rand(0.74, 1) * ctx.H,
              s = (y / ctx.H - 0.7) * 6;
            return ellipse(
              ctx.rand(0, ctx.W),
              y,
              s * ctx.rand(0.6, 1.4),
              s * ctx.rand(0.3, 0.6),
              `fill="${ctx.pick(['#e39a72', '#9b4526', '#f0b08a'])}" opacity="0.5"`,
            );
          }).join(''),
        wash: ['#ffe7b8', 0.2, [0, 0, 1, 0]],
      });
      return dof(ctx, scene.svg, {
        sd: 4,
        stops: [
          [0, '#000'],
          [0.6, '#000'],
          [0.74, '#fff'],
        ],
      });
    },
  },
  'court-hard-1': {
    draw: (ctx) =>
      park(ctx, {
        ...HARD,
        cam: { pos: [0, 5, -21], pitch: 0.2, fov: 55 },
        cloth: '#1c4032',
        sky: ['#5a93c9', '#dde9ee'],
        people: [
          { x: 1, z: -12.3, pose: 'serve', pal: PAL.navy, face: 'back' },
          { x: -2.8, z: 12.1, pose: 'ready', pal: PAL.yellow },
        ],
        balls: [
          [3, 5],
          [-4, 9],
        ],
        shadeOp: 0.15,
        behind: (cam) => mast(ctx, cam, -9.5, 18.2) + mast(ctx, cam, 9.5, 18.2),
      }).svg,
  },
  'court-hard-2': {
    // green hard court at dusk under floodlights
    draw: (ctx) =>
      park(ctx, {
        surface: '#2f6b52',
        inner: '#3f8a66',
        texture: 'hard',
        cam: { pos: [-7.6, 2.2, -16], yaw: 0.42, pitch: 0.05, fov: 56 },
        sky: ['#182a4c', '#eaa070'],
        skyMid: '#59608a',
        trees: ['#10261a', '#183522', '#2a4a30'],
        clouds: 3,
        cloudColor: '#e9a27e',
        cloudOp: 0.5,
        cloth: '#142e24',
        treeVary: 0.05,
        onCourt: (cam) =>
          [
            [-5, 12],
            [5, 12],
            [-5, -2],
            [5, -2],
          ]
            .map(([x, z]) => {
              const [u, v] = cam.pt([x, 0, z]),
                k = cam.scale([x, 0, z]);
              return ellipse(
                u,
                v,
                k * 7,
                k * 2.6,
                `fill="${ctx.rad([
                  [0, '#fff3cf', 0.28],
                  [1, '#fff3cf', 0],
                ])}"`,
              );
            })
            .join(''),
        people: [
          { x: 2, z: 12, pose: 'forehand', pal: PAL.white, mirror: true },
          { x: -1, z: -8, pose: 'volley', pal: PAL.green, face: 'back' },
        ],
        behind: (cam) =>
          [-9.3, 9.3].map((x) => mast(ctx, cam, x, 18.1, { lit: true }) + mast(ctx, cam, x, 0, { lit: true })).join(''),
        wash: ['#ffd9a6', 0.25, [0.5, 0, 0.5, 1]],
        vignette: 0.5,
        shadeOp: 0.1,
      }).svg,
    post: { saturation: 1.05 },
  },
  'court-hard-3': {
    // drone view over two blue hard courts
    draw: (ctx) =>
      park(ctx, {
        ...HARD,
        cam: { pos: [0, 38, -12], pitch: 1.05, fov: 60 },
        courts: [-9.3, 9.3],
        grass: '#4a7a3a',
        people: [
          { x: -9.3, z: 11.6, pose: 'ready', pal: PAL.white },
          { x: -9.3 + 1, z: -11.8, pose: 'serve', pal: PAL.green },
          { x: 7, z: 5, pose: 'volley', pal: PAL.yellow },
          { x: 11, z: 5.5, pose: 'volley', pal: PAL.coral },
          { x: 8, z: -11.5, pose: 'ready', pal: PAL.navy },
          { x: 11.5, z: -11.3, pose: 'ready', pal: PAL.sky },
        ],
        shadeDepth: 3,
        clouds: 0,
        treeRows: 1,
      }).svg,
  },
  'court-indoor-1': {
    draw: (ctx) =>
      hall(ctx, {
        cam: { pos: [-9.2, 3.2, -17.5], pitch: 0.1, fov: 64 },
        surface: '#2f5f4e',
        inner: '#2f6c9e',
        texture: 'hard',
        people: [
          { x: -10, z: 12, pose: 'ready', pal: PAL.yellow },
          { x: -8.3, z: -12, pose: 'forehand', pal: PAL.green, face: 'back', mirror: true },
          { x: 9, z: 11, pose: 'serve', pal: PAL.white },
        ],
      }),
  },
  'court-indoor-2': {
    // indoor clay hall with a coaching session behind a divider curtain
    draw: (ctx) =>
      hall(ctx, {
        cam: { pos: [8, 2.6, -17], yaw: -0.28, pitch: 0.06, fov: 60 },
        surface: C.clay,
        texture: 'clay',
        wall: '#274a3a',
        divider: true,
        people: [
          { x: 9.4, z: 2, pose: 'feed', pal: PAL.coach, mirror: true },
          { x: 7, z: 11, pose: 'forehand', pal: PAL.sky },
          { x: 11.5, z: 11.8, pose: 'ready', pal: PAL.navy },
        ],
        balls: [
          [8, 4],
          [9.8, 7],
          [6.4, 9.5],
          [11.2, 3.2],
          [10.5, 8],
        ],
        items: (cam) => [basketAt(ctx, cam, 10.2, 1.5)],
      }),
  },
  'net-closeup': {
    size: [1200, 1200],
    // eye level with the net tape, the mesh running away to the far post
    draw: (ctx) => {
      const scene = park(ctx, {
        cam: { pos: [-3.4, 0.82, -1.5], yaw: 1.08, pitch: -0.02, fov: 52 },
        sky: ['#7fb0d8', '#eef2ea'],
        clouds: 2,
        netOpt: { step: [0.045, 0.045], meshOp: 0.75 },
        vignette: 0.4,
        balls: [
          [-1.2, -0.35],
          [-0.2, -0.9],
          [2.5, -0.3],
        ],
        wash: ['#ffe7b8', 0.18, [0, 0, 1, 0]],
      });
      return dof(ctx, scene.svg, {
        sd: 3.5,
        dir: [0, 0, 1, 0],
        stops: [
          [0, '#fff'],
          [0.4, '#fff'],
          [0.75, '#000'],
        ],
      });
    },
  },
  'sunset-court': {
    draw: (ctx) => {
      const SIL = '#1a0f14';
      return park(ctx, {
        cam: { pos: [0.5, 1.5, -21], pitch: -0.02, fov: 56 },
        apron: 4,
        sky: ['#2b2a5a', '#ffb35c'],
        skyMid: '#c8606a',
        trees: ['#1a1018', '#21141c', '#2a1a20'],
        sunDisc: [0.62, 0.37, 56, '#fff2c8'],
        sun: [0.62, 0.37, 0.5],
        sunColor: '#ffd08a',
        sunOp: 0.9,
        clouds: 4,
        cloudColor: '#ffb48f',
        cloudOp: 0.45,
        grass: '#2e1a1c',
        surface: '#8a4330',
        cloth: '#1c1218',
        lineColor: '#f6c796',
        shadeOp: 0.05,
        treeH: 0.55,
        vignette: 0.5,
        dof: 0.6,
        people: [
          { x: -1.8, z: -12.2, pose: 'serveHit', silhouette: SIL, pal: PAL.green, shadow: { op: 0.55, down: 2.4 } },
          { x: 2.4, z: 12.1, pose: 'ready', silhouette: SIL, pal: PAL.white, shadow: { op: 0.4, down: 1.6 } },
        ],
        afterglow: [0.62, 0.37, 0.4, '#ffc070', 0.35],
        haze: 0.4,
        treeVary: 0,
        wash: ['#ff9a50', 0.2, [0.5, 1, 0.5, 0]],
      }).svg;
    },
    post: { saturation: 1.08 },
  },
};
