// Club scenes: clubhouses, terrace, reception desk, trophy, still life.
import { camera, ellipse, f1, g, line, poly, rect } from './lib.mjs';
import { C, ball, glow, layer, sky, treeLine, vignette, wash } from './elements.mjs';
import { person } from './figure.mjs';
import { PAL, park } from './kit.mjs';
import { bike, boxC, flagPole, panelZ, parasol, windowsZ } from './props.mjs';

const seated = (pal, x, z, y, extra = {}) => ({ x, z, pose: 'sit', pal, y, noShadow: true, ...extra });
const text = (x, y, size, str, fill, extra = '') =>
  `<text x="${f1(x)}" y="${f1(y)}" font-family="DejaVu Sans" font-weight="bold" font-size="${f1(size)}" fill="${fill}" ${extra}>${str}</text>`;
/** Small round table with glasses, world space. */
function cafeTable(ctx, cam, x, z, { r = 0.4, drinks = ['#e8a93a', '#f4e27a'], y = 0 } = {}) {
  const top = Array.from({ length: 20 }, (_, i) => [
    x + Math.cos((i / 20) * 2 * Math.PI) * r,
    y + 0.75,
    z + Math.sin((i / 20) * 2 * Math.PI) * r,
  ]);
  let s = line(
    [cam.pt([x, y, z]), cam.pt([x, y + 0.74, z])],
    `stroke="#2b2f2d" stroke-width="${f1(cam.scale([x, 0, z]) * 0.06)}"`,
  );
  s +=
    poly(
      top.map((p) => cam.pt([p[0], y + 0.72, p[2]])),
      'fill="#2b2f2d"',
    ) +
    poly(
      top.map((p) => cam.pt(p)),
      `fill="${ctx.lin([
        [0, '#f2f0ea'],
        [1, '#cfcbc2'],
      ])}"`,
    );
  drinks.forEach((c, i) => {
    const px = x + (i - 0.5) * r * 0.8,
      pz = z - r * 0.2 + i * 0.1,
      k = cam.scale([px, y + 0.75, pz]),
      [u, v] = cam.pt([px, y + 0.75, pz]),
      w = k * 0.035,
      h = k * 0.15;
    s +=
      rect(u - w, v - h, w * 2, h, `fill="${c}" opacity="0.85"`) +
      rect(u - w, v - h, w * 2, h * 0.18, 'fill="#fffdf4" opacity="0.9"') +
      rect(u - w * 0.6, v - h * 0.9, w * 0.35, h * 0.8, 'fill="#fff" opacity="0.35"');
  });
  return { depth: cam.depth([x, 0, z]), svg: s };
}

export default {
  'clubhouse-1': {
    // modern clubhouse with terrace, seen across the clay court at golden hour
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [1.5, 1.6, 1.5], yaw: -0.1, pitch: -0.05, fov: 62 },
        sky: ['#4a84c2', '#f0dcb8'],
        sun: [0.95, 0.25, 0.45],
        sunColor: '#ffe2a8',
        clouds: 4,
        cloudColor: '#fff3e0',
        backFence: false,
        net: false,
        shadeOp: 0.12,
        treeH: 1.05,
        items: (cam) => {
          const wood = '#9a6842',
            it = [];
          const face = windowsZ(ctx, cam, { x0: -13, x1: 4, y0: 0.8, y1: 3.8, z: 24, cols: 7, lit: '#ffd58a' });
          it.push({ ...boxC(cam, [-14, 0, 24], [6, 4.3, 31], '#8b5e3c', { front: () => face }), depth: 60 });
          it.push({ ...boxC(cam, [-15.5, 4.3, 22.6], [7, 4.8, 31.5], '#eeebe4'), depth: 59 });
          it.push({
            ...boxC(cam, [5, 0, 24.5], [13, 6.6, 33], '#2f3533', {
              front: () =>
                windowsZ(ctx, cam, { x0: 6, x1: 12, y0: 2.9, y1: 4.9, z: 24.5, cols: 3, lit: '#ffd58a', litOp: 0.7 }) +
                panelZ(cam, 6.2, 0.6, 8.2, 3, 24.49, 'fill="#ffcf85" opacity="0.9"'),
            }),
            depth: 58,
          });
          it.push({ ...boxC(cam, [-16, 0, 19.6], [5, 0.5, 24], wood), depth: 40 });
          it.push({
            depth: 24,
            svg:
              panelZ(cam, -16, 0.5, 5, 1.5, 19.6, 'fill="#dcecef" opacity="0.28"') +
              panelZ(cam, -16, 1.46, 5, 1.52, 19.59, 'fill="#c8ccc9"'),
          });
          for (const [x, c] of [
            [-12, C.green],
            [-6.5, '#f4f4ef'],
            [-1, C.green],
          ])
            it.push(parasol(ctx, cam, x, 21.8, { color: c, stripe: c === C.green ? '#f4f4ef' : undefined, y: 0.5 }));
          for (const p of [
            seated(PAL.white, -12.6, 22.4, 0.5),
            seated(PAL.coral, -11.2, 22.3, 0.5),
            seated(PAL.navy, -6.8, 22.2, 0.5),
            seated(PAL.sky, -0.6, 22.4, 0.5),
            { x: -3.5, z: 21.4, pose: 'stand', pal: PAL.green, y: 0.5, noShadow: true },
          ])
            it.push({ ...person(ctx, cam, p.x, p.z, p), depth: 23 });
          for (const x of [-11.9, -6.5, -0.9]) it.push({ ...cafeTable(ctx, cam, x, 21.3, { y: 0.5 }), depth: 22.5 });
          const [sl, st] = cam.pt([5.6, 6.1, 24.48]),
            [sr, sb] = cam.pt([12.4, 5.3, 24.48]);
          it.push({
            depth: 57,
            svg: text(
              sl + (sr - sl) * 0.04,
              sb - (sb - st) * 0.22,
              (sb - st) * 0.62,
              `BASELINE <tspan fill="${C.yellow}">TENNIS</tspan>`,
              '#f4f4ef',
              `textLength="${f1((sr - sl) * 0.92)}" lengthAdjust="spacingAndGlyphs"`,
            ),
          });
          it.push(
            { ...flagPole(ctx, cam, 9.5, 20.5, { h: 7.5 }), depth: 21 },
            { ...flagPole(ctx, cam, 12, 20.5, { h: 7.5, color: C.deep }), depth: 21 },
          );
          let hedge = boxC(cam, [-9.2, 0, 18.3], [9.2, 1.0, 18.9], '#2c5a33').svg;
          for (let x = -9.2; x <= 9.2; x += 0.45) {
            const [u, v] = cam.pt([x, 1.0, 18.3]),
              k = cam.scale([x, 1, 18.3]);
            hedge += ellipse(u, v, k * 0.32, k * 0.16, `fill="${ctx.pick(['#2c5a33', '#336738', '#27502d'])}"`);
          }
          it.push({ depth: 19, svg: hedge });
          return it;
        },
        people: [{ x: -2.5, z: 10.5, pose: 'ready', pal: PAL.yellow }],
        wash: ['#ffcf8a', 0.18, [1, 0, 0, 1]],
        vignette: 0.45,
      }).svg,
  },
  'clubhouse-2': {
    // on the terrace: drinks in the foreground, play on the courts beyond the glass
    draw: (ctx) =>
      park(ctx, {
        cam: { pos: [4.5, 1.7, -26.5], yaw: 0.05, pitch: 0.1, fov: 58 },
        courts: [0, 18.4],
        sky: ['#6aa3d3', '#e8efe6'],
        clouds: 3,
        people: [
          { x: -1.5, z: 11.8, pose: 'forehand', pal: PAL.white },
          { x: 1.8, z: -11.5, pose: 'readyBack', pal: PAL.green, face: 'back' },
          { x: 16, z: 6, pose: 'volley', pal: PAL.coral },
          { x: 20, z: -9, pose: 'serve', pal: PAL.navy },
        ],
        front: (cam) => {
          let s = poly(
            cam.poly([
              [-20, 0.01, -26],
              [30, 0.01, -26],
              [30, 0.01, -19.6],
              [-20, 0.01, -19.6],
            ]),
            `fill="${ctx.lin([
              [0, '#8f7a64'],
              [1, '#5e4c3c'],
            ])}"`,
          );
          for (let x = -20; x < 30; x += 0.3)
            s += line(
              cam.seg([x, 0.012, -19.6], [x, 0.012, -26]),
              'stroke="#3f3226" stroke-width="1.4" opacity="0.55"',
            );
          s +=
            panelZ(cam, -20, 0, 30, 1.05, -19.6, 'fill="#dcecef" opacity="0.22"') +
            panelZ(cam, -20, 1.0, 30, 1.07, -19.61, 'fill="#3a3f3c"');
          for (let x = -20; x < 30; x += 2) s += panelZ(cam, x - 0.02, 0, x + 0.02, 1.05, -19.62, 'fill="#3a3f3c"');
          const it = [
            cafeTable(ctx, cam, 4.3, -23.4, { r: 0.45, drinks: ['#e8a93a', '#f4e27a', '#c94f3a'] }),
            cafeTable(ctx, cam, 2.6, -20.4, { drinks: ['#f4e27a'] }),
            cafeTable(ctx, cam, 6.6, -20.6, { drinks: ['#c94f3a', '#e8a93a'] }),
          ];
          for (const p of [
            seated(PAL.coral, 2.7, -19.85, -0.42),
            seated(PAL.navy, 2.2, -20.95, -0.42, { face: 'back' }),
            seated(PAL.coach, 6.9, -21.15, -0.42, { face: 'back' }),
          ]) {
            const back = p.face === 'back' ? -0.25 : 0.25;
            it.push(
              person(ctx, cam, p.x, p.z, p),
              {
                ...boxC(cam, [p.x - 0.22, 0.42, p.z - 0.2], [p.x + 0.22, 0.47, p.z + 0.2], '#3a3f3c'),
                depth: cam.depth([p.x, 0, p.z]) + 0.05,
              },
              {
                ...boxC(cam, [p.x - 0.22, 0.47, p.z + back - 0.02], [p.x + 0.22, 0.95, p.z + back + 0.02], '#3a3f3c'),
                depth: cam.depth([p.x, 0, p.z + back]),
              },
            );
          }
          it.push(parasol(ctx, cam, 6.2, -23.6, { color: '#f4f4ef', stripe: C.green, r: 2.1, h: 2.4 }));
          return s + layer(it);
        },
        wash: ['#ffe6b5', 0.2, [1, 0, 0, 1]],
        vignette: 0.45,
      }).svg,
  },
  'clubhouse-3': {
    // traditional brick clubhouse at dusk, bikes out front
    draw: (ctx) => {
      const { W, H } = ctx,
        cam = camera({ W, H, pos: [1.5, 1.6, -2], pitch: -0.06, fov: 60 });
      const brick = ctx.def(
        'brick',
        (id) =>
          `<pattern id="${id}" width="26" height="12" patternUnits="userSpaceOnUse"><rect width="26" height="12" fill="#8e4a36"/><path d="M0 11.5H26M13 0V6M0 6H26M1 6V12" stroke="#6b3526" stroke-width="1.3"/></pattern>`,
      );
      let s =
        sky(ctx, { top: '#1d2f52', bottom: '#e79b73', to: cam.horizon + 20 }) +
        glow(ctx, W * 0.8, cam.horizon, W * 0.45, '#ffb27a', 0.5);
      s += rect(
        0,
        cam.horizon - 1,
        W,
        H,
        `fill="${ctx.lin([
          [0, '#3d3a36'],
          [1, '#1f1d1b'],
        ])}"`,
      );
      for (const [z, h, haze, blur] of [
        [40, 14, 0.5, 3],
        [26, 11, 0.2, 1.5],
      ])
        s += treeLine(ctx, {
          y: cam.pt([0, 0, z])[1],
          h: cam.scale([0, 0, z]) * h,
          tones: ['#18261f', '#21362a', '#2f4a34'],
          haze: '#c98a70',
          hazeAmt: haze,
          blur,
          poplar: 0.3,
        });
      const wall = boxC(cam, [-10, 0, 12], [10, 3.2, 20], '#8e4a36', {
        front: () =>
          panelZ(cam, -10, 0, 10, 3.2, 11.99, `fill="url(#${brick})"`) +
          windowsZ(ctx, cam, {
            x0: -8.6,
            x1: -2.4,
            y0: 0.9,
            y1: 2.5,
            z: 12,
            cols: 3,
            frame: '#f2efe8',
            lit: '#ffcf7e',
            gap: 0.1,
          }) +
          windowsZ(ctx, cam, {
            x0: 2.6,
            x1: 8.6,
            y0: 0.9,
            y1: 2.5,
            z: 12,
            cols: 3,
            frame: '#f2efe8',
            lit: '#ffcf7e',
            gap: 0.1,
          }) +
          panelZ(cam, -0.8, 0, 0.8, 2.3, 11.98, 'fill="#f2efe8"') +
          panelZ(cam, -0.65, 0, 0.65, 2.2, 11.97, 'fill="#ffd89a"'),
      });
      const roofC = '#343131';
      const roof = [
        [
          [-10.6, 3.2, 11.4],
          [10.6, 3.2, 11.4],
          [10.6, 7.2, 16],
          [-10.6, 7.2, 16],
        ],
      ];
      let r = poly(
        cam.poly(roof[0]),
        `fill="${ctx.lin([
          [0, '#4b4644'],
          [1, roofC],
        ])}"`,
      );
      for (let t = 0.1; t < 1; t += 0.1)
        r += line(
          [cam.pt([-10.6, 3.2 + 4 * t, 11.4 + 4.6 * t]), cam.pt([10.6, 3.2 + 4 * t, 11.4 + 4.6 * t])],
          'stroke="#252222" stroke-width="2"',
        );
      r += poly(
        cam.poly([
          [-10.6, 3.1, 11.4],
          [10.6, 3.1, 11.4],
          [10.6, 3.3, 11.4],
          [-10.6, 3.3, 11.4],
        ]),
        'fill="#f2efe8"',
      );
      const [l, t] = cam.pt([-2.6, 3.0, 11.95]),
        [rr, b] = cam.pt([2.6, 2.45, 11.95]);
      const sign =
        rect(l, t, rr - l, b - t, `fill="${C.deep}"`) +
        text(
          (l + rr) / 2,
          b - (b - t) * 0.3,
          (b - t) * 0.48,
          `BASELINE <tspan fill="${C.yellow}">TENNIS</tspan>`,
          '#f4f4ef',
          `text-anchor="middle" letter-spacing="${f1((b - t) * 0.08)}"`,
        );
      let lights = '';
      for (let x = -10; x <= 10; x += 0.8) {
        const [u, v] = cam.pt([x, 3.0 - Math.sin(((x + 10) / 2.5) * Math.PI) ** 2 * 0.25, 11.2]);
        lights += ellipse(u, v, 3, 3, 'fill="#fff1c4"') + ellipse(u, v, 10, 10, 'fill="#ffd27a" opacity="0.25"');
      }
      const bikes = [-7.5, -6.4, -5.3, 4.6, 5.8].map((x, i) =>
        bike(ctx, cam, x, 9.5 + (i % 2) * 0.3, {
          color: ['#1f2a26', '#23a46a', '#2a2f3a', '#7a2f2a', '#1f2a26'][i],
          dir: i % 2 ? 1 : -1,
        }),
      );
      const people = [
        person(ctx, cam, 2.2, 8.5, { pose: 'stand', pal: PAL.white, light: 'right' }),
        person(ctx, cam, 3.0, 8.7, {
          pose: 'stand',
          pal: { ...PAL.coral, skirt: false },
          mirror: true,
          light: 'right',
          racket: false,
        }),
      ];
      s += layer([wall, { depth: 1e3, svg: '' }, ...bikes, ...people, { depth: cam.depth([0, 5, 14]), svg: r + sign }]);
      s += lights + wash(ctx, '#ffb070', 0.18, [1, 1, 0, 0]) + vignette(ctx, 0.5);
      return s;
    },
  },
  'contact-desk': { size: [1600, 900], draw: contactDesk },
  'tournament-trophy': { size: [1200, 1200], draw: trophy },
  'balls-racket': { size: [1200, 1200], draw: ballsRacket },
};

/** Reception desk with laptop, mug, plant; courts through the window. */
function contactDesk(ctx) {
  const { W, H } = ctx;
  let s = rect(
    0,
    0,
    W,
    H,
    `fill="${ctx.lin([
      [0, '#efebe3'],
      [1, '#ddd6ca'],
    ])}"`,
  );
  s += rect(
    0,
    0,
    520,
    H,
    `fill="${ctx.lin(
      [
        [0, '#0b3a28'],
        [1, C.dark],
      ],
      [0, 0, 1, 0],
    )}"`,
  );
  // logo on the green wall: ball icon + name
  s += `${ellipse(150, 250, 46, 46, `fill="${C.yellow}"`)}<path d="M117 218 Q150 250 117 282 M183 218 Q150 250 183 282" stroke="${C.dark}" stroke-width="5" fill="none"/>`;
  s += text(215, 238, 40, 'Baseline', '#f4f4ef') + text(215, 284, 40, 'Tennis', C.yellow);
  // window with a live court view
  const sub = ctx.sub(1000, 620),
    view = park(sub, {
      cam: { pos: [0, 4, -22], pitch: 0.16, fov: 58 },
      people: [
        { x: 2, z: -11, pose: 'serve', pal: PAL.green, face: 'back' },
        { x: -2, z: 11.5, pose: 'ready', pal: PAL.white },
      ],
    }).svg;
  s +=
    rect(640, 70, 880, 520, 'fill="#e9e6df"') +
    ctx.embed(sub, view, 660, 90, 840, 480) +
    rect(
      660,
      90,
      840,
      480,
      `fill="${ctx.lin(
        [
          [0, '#ffffff', 0.25],
          [0.5, '#ffffff', 0],
          [1, '#ffffff', 0.12],
        ],
        [0, 0, 1, 1],
      )}"`,
    );
  s += rect(1075, 90, 10, 480, 'fill="#e9e6df"') + rect(640, 585, 880, 12, 'fill="#cfcac0"');
  // pendant lamp
  s += `${line(
    [
      [400, 0],
      [400, 120],
    ],
    'stroke="#2a2a2a" stroke-width="3"',
  )}<path d="M350 170 Q400 100 450 170 Z" fill="#1e2421"/>${glow(ctx, 400, 175, 160, '#fff1c8', 0.5)}`;
  // desk: top and front
  s += poly(
    [
      [160, 640],
      [1600, 640],
      [1600, 690],
      [100, 690],
    ],
    `fill="${ctx.lin([
      [0, '#d8c4a4'],
      [1, '#bfa47f'],
    ])}"`,
  );
  s +=
    rect(
      100,
      690,
      1500,
      210,
      `fill="${ctx.lin([
        [0, '#e9e4da'],
        [1, '#cbc4b6'],
      ])}"`,
    ) + rect(100, 690, 1500, 14, `fill="${C.green}"`);
  // laptop showing the site
  s +=
    poly(
      [
        [560, 640],
        [900, 640],
        [940, 662],
        [530, 662],
      ],
      'fill="#9aa1a0"',
    ) +
    poly(
      [
        [585, 420],
        [880, 420],
        [890, 640],
        [575, 640],
      ],
      'fill="#2a2f2e"',
    );
  s +=
    poly(
      [
        [597, 432],
        [868, 432],
        [876, 628],
        [589, 628],
      ],
      'fill="#f4f4ef"',
    ) +
    poly(
      [
        [597, 432],
        [868, 432],
        [869, 462],
        [596, 462],
      ],
      `fill="${C.deep}"`,
    );
  s +=
    poly(
      [
        [598, 470],
        [869, 470],
        [872, 560],
        [594, 560],
      ],
      `fill="${ctx.lin(
        [
          [0, C.green],
          [1, C.dark],
        ],
        [0, 0, 1, 1],
      )}"`,
    ) +
    rect(615, 500, 110, 12, 'fill="#ffffff" opacity="0.9"') +
    rect(615, 520, 70, 14, `fill="${C.yellow}"`);
  for (let i = 0; i < 3; i++) s += rect(600 + i * 90, 572, 78, 46, 'fill="#d9ddd8"');
  // mug, plant, notebook, phone, ball
  s += `${ellipse(1050, 640, 52, 10, 'fill="#000" opacity="0.15"') + rect(1010, 570, 62, 70, `fill="${C.green}"`) + ellipse(1041, 570, 31, 7, 'fill="#4a2c1a"')}<path d="M1072 585 q28 0 24 22 q-4 18 -24 16" stroke="${C.green}" stroke-width="9" fill="none"/>`;
  s +=
    poly(
      [
        [1180, 655],
        [1380, 650],
        [1400, 672],
        [1170, 678],
      ],
      'fill="#fbfaf6"',
    ) +
    line(
      [
        [1230, 664],
        [1360, 660],
      ],
      `stroke="${C.dark}" stroke-width="4"`,
    );
  s += poly(
    [
      [440, 650],
      [520, 648],
      [525, 664],
      [436, 667],
    ],
    'fill="#1c1f1e"',
  );
  s += ball(ctx, 960, 628, 16);
  s += poly(
    [
      [1440, 640],
      [1520, 640],
      [1505, 560],
      [1455, 560],
    ],
    'fill="#e8e4dc"',
  );
  for (let i = 0; i < 9; i++) {
    const a = -2.4 + i * 0.2;
    s += `<path d="M1480 560 Q${f1(1480 + Math.cos(a) * 60)} ${f1(560 + Math.sin(a) * 90)} ${f1(1480 + Math.cos(a) * 110)} ${f1(560 + Math.sin(a) * 170)}" stroke="${['#2e6b3a', '#3f8a4a', '#23553a'][i % 3]}" stroke-width="16" stroke-linecap="round" fill="none"/>`;
  }
  s += ellipse(800, 900, 900, 40, 'fill="#000" opacity="0.08"');
  return s + wash(ctx, '#ffe9c0', 0.18, [1, 0, 0, 1]) + vignette(ctx, 0.35);
}

/** Gold trophy cup on a plinth, bokeh of the club behind. */
function trophy(ctx) {
  const { W, H } = ctx,
    cx = W / 2;
  const sub = ctx.sub(1200, 1200),
    bg = park(sub, {
      cam: { pos: [0, 1.2, -8], pitch: 0, fov: 60 },
      sky: ['#6d9bc4', '#e8dcc0'],
      people: [{ x: 1.5, z: 6, pose: 'serve', pal: PAL.white }],
    }).svg;
  let s =
    ctx.embed(sub, `<g filter="${ctx.blur(14)}">${bg}</g>`, 0, 0, W, H) +
    rect(0, 0, W, H, 'fill="#0e1d16" opacity="0.25"');
  let bokeh = '';
  for (let i = 0; i < 16; i++) {
    const r = ctx.rand(18, 60);
    bokeh += ellipse(
      ctx.rand(0, W),
      ctx.rand(80, 560),
      r,
      r,
      `fill="${ctx.pick(['#fff3c8', '#ffe2a0', '#e8f5d0'])}" opacity="${f1(ctx.rand(0.1, 0.3))}"`,
    );
  }
  s += g(bokeh, `filter="${ctx.blur(5)}"`);
  s +=
    rect(
      0,
      860,
      W,
      H - 860,
      `fill="${ctx.lin([
        [0, '#175238'],
        [1, '#0a2a1d'],
      ])}"`,
    ) + rect(0, 850, W, 14, 'fill="#0f3d2a"');
  const gold = ctx.lin(
    [
      [0, '#5c3f0e'],
      [0.18, '#b8862a'],
      [0.38, '#ffeaa8'],
      [0.5, '#d9a640'],
      [0.75, '#8a6018'],
      [1, '#4a320b'],
    ],
    [0, 0, 1, 0],
  );
  // plinth
  const plinth = ctx.lin(
    [
      [0, '#1a1a1a'],
      [0.4, '#3a3a3a'],
      [1, '#111'],
    ],
    [0, 0, 1, 0],
  );
  s +=
    ellipse(cx + 30, 995, 260, 28, `fill="#000" opacity="0.4" filter="${ctx.blur(8)}"`) +
    ellipse(cx, 990, 190, 22, `fill="${plinth}"`) +
    rect(cx - 190, 840, 380, 150, `fill="${plinth}"`) +
    ellipse(cx, 840, 190, 22, 'fill="#2e2e2e"');
  s +=
    rect(cx - 140, 880, 280, 64, `fill="${gold}"`) +
    text(
      cx,
      922,
      24,
      'BASELINE OPEN',
      '#3b2a08',
      'text-anchor="middle" textLength="236" lengthAdjust="spacingAndGlyphs"',
    );
  // stem, knop and foot
  s += `<path d="M${cx - 120} 840 Q${cx - 110} 800 ${cx - 40} 790 L${cx - 22} 690 L${cx + 22} 690 L${cx + 40} 790 Q${cx + 110} 800 ${cx + 120} 840 Z" fill="${gold}"/>`;
  s += ellipse(cx, 700, 46, 18, `fill="${gold}"`) + ellipse(cx, 670, 32, 14, `fill="${gold}"`);
  // handles, then bowl
  for (const d of [-1, 1])
    s += `<path d="M${cx + d * 170} 330 C${cx + d * 300} 330 ${cx + d * 300} 520 ${cx + d * 120} 560" stroke="${gold}" stroke-width="26" fill="none"/>`;
  s += `<path d="M${cx - 210} 300 C${cx - 210} 480 ${cx - 140} 620 ${cx - 30} 660 L${cx + 30} 660 C${cx + 140} 620 ${cx + 210} 480 ${cx + 210} 300 Z" fill="${gold}"/>`;
  s +=
    ellipse(
      cx,
      300,
      210,
      34,
      `fill="${ctx.lin(
        [
          [0, '#8a6018'],
          [0.5, '#f7d98a'],
          [1, '#6b4a12'],
        ],
        [0, 0, 1, 0],
      )}"`,
    ) + ellipse(cx, 302, 188, 26, 'fill="#5a3d0c"');
  s += `<path d="M${cx - 120} 340 C${cx - 125} 470 ${cx - 90} 560 ${cx - 50} 610" stroke="#fffbe8" stroke-width="14" stroke-linecap="round" fill="none" opacity="0.55" filter="${ctx.blur(3)}"/>`;
  s +=
    ellipse(cx + 345, 872, 44, 9, `fill="#000" opacity="0.35" filter="${ctx.blur(3)}"`) + ball(ctx, cx + 330, 836, 36);
  return s + glow(ctx, cx - 120, 380, 220, '#fff6d8', 0.3) + vignette(ctx, 0.5);
}

/** Still life from above: racket and balls on clay with a white line. */
function ballsRacket(ctx) {
  const { W, H } = ctx;
  let s = rect(
    0,
    0,
    W,
    H,
    `fill="${ctx.rad(
      [
        [0, '#d0754a'],
        [1, '#a84f2c'],
      ],
      { r: 0.8 },
    )}"`,
  );
  s += `<filter id="clayTex" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="4"/><feColorMatrix values="0 0 0 0 0.45  0 0 0 0 0.2  0 0 0 0 0.1  0 0 0 1.6 -0.75"/></filter>${rect(0, 0, W, H, 'filter="url(#clayTex)" opacity="0.5"')}`;
  for (let i = 0; i < 18; i++) {
    const y = ctx.rand(0, H);
    s += line(
      [
        [0, y],
        [W, y + ctx.rand(-60, 60)],
      ],
      `stroke="${ctx.pick(['#e08a5e', '#9c4627'])}" stroke-width="${f1(ctx.rand(6, 20))}" opacity="0.12" filter="${ctx.blur(4)}"`,
    );
  }
  s += poly(
    [
      [0, 860],
      [W, 700],
      [W, 780],
      [0, 940],
    ],
    'fill="#f3efe7" opacity="0.95"',
  );
  // racket shadow then racket
  const racket = (dx, dy, sh) => {
    const tf = `transform="translate(${560 + dx} ${440 + dy}) rotate(-32)"`,
      fr = sh
        ? '#000'
        : ctx.lin(
            [
              [0, C.deep],
              [0.5, C.green],
              [1, C.deep],
            ],
            [0, 0, 1, 0],
          );
    let r = `<path d="M-26 250 L-12 420 L12 420 L26 250 Q60 230 110 200 L96 188 Q40 220 0 230 Q-40 220 -96 188 L-110 200 Q-60 230 -26 250 Z" fill="${fr}"/>`;
    r += rect(-24, 400, 48, 300, `rx="10" fill="${sh ? '#000' : '#f4f4ef'}"`);
    if (!sh) {
      for (let y = 410; y < 690; y += 26)
        r += line(
          [
            [-24, y],
            [24, y + 14],
          ],
          'stroke="#c9c9c0" stroke-width="3"',
        );
      r += rect(-27, 688, 54, 22, `rx="6" fill="${C.deep}"`);
    }
    r += ellipse(0, 0, 175, 235, `fill="none" stroke="${fr}" stroke-width="26"`);
    if (!sh) {
      let str = '';
      for (let x = -150; x <= 150; x += 22)
        str += line([
          [x, -240],
          [x, 240],
        ]);
      for (let y = -210; y <= 210; y += 22)
        str += line([
          [-180, y],
          [180, y],
        ]);
      r = `<clipPath id="strings"><ellipse cx="0" cy="0" rx="162" ry="222"/></clipPath>${r}<g clip-path="url(#strings)" stroke="#f2f2e8" stroke-width="3" opacity="0.9">${str}</g>${ellipse(0, 0, 175, 235, 'fill="none" stroke="#ffffff" stroke-width="4" opacity="0.25"')}`;
    }
    return `<g ${tf}${sh ? ` opacity="0.35" filter="${ctx.blur(12)}"` : ''}>${r}</g>`;
  };
  s += racket(26, 30, true) + racket(0, 0, false);
  for (const [x, y, r] of [
    [930, 360, 68],
    [1010, 500, 68],
    [840, 880, 68],
  ])
    s +=
      ellipse(x + 22, y + 26, r * 1.05, r, `fill="#000" opacity="0.35" filter="${ctx.blur(10)}"`) +
      g(ball(ctx, x, y, r), `filter="${ctx.blur(0.8)}"`);
  return s + wash(ctx, '#ffe2b0', 0.2, [0, 0, 1, 1]) + vignette(ctx, 0.45);
}
