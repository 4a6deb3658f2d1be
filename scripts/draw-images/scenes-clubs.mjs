// One scene per club (content/data/clubs.yaml `image: club-<slug>`): its own courts, clubhouse with
// the club's name on it, trees, fence cloth, players, sky and time of day, so no two clubs look
// alike. Each scene also sets its focal point (ctx.focus): where its players are, which every crop
// of the site keeps (content/images/focus.yaml, written by scripts/draw-images.mjs).
import { f1, poly, shade } from './lib.mjs';
import { C, basketAt, coneAt } from './elements.mjs';
import { PAL, park } from './kit.mjs';
import { bench, bike, boxC, flagPole, mast, panelZ, parasol, windowsZ } from './props.mjs';

const SURFACES = {
  clay: { surface: C.clay },
  redClay: { surface: '#b5532f', lineColor: '#f6efe4' },
  blue: { surface: C.hardGreen, inner: C.hardBlue, texture: 'hard' },
  navy: { surface: '#2d4f7c', inner: '#3b6fa8', texture: 'hard' },
  green: { surface: '#2f6b52', inner: '#3f8a66', texture: 'hard' },
  smash: { surface: '#8d4a36', inner: '#a65a3f', texture: 'hard' },
  turf: { surface: '#3d7f46', inner: '#4a9553', texture: 'hard' },
};
const SKIES = {
  morning: { sky: ['#7fb0d8', '#e6efe9'], sun: [0.12, 0.12, 0.3], clouds: 3, wash: ['#fff1c8', 0.2, [0, 0, 1, 0.6]] },
  noon: { sky: ['#4f8cc6', '#dce9ef'], clouds: 6, wash: ['#ffffff', 0.06, [0, 0, 0, 1]] },
  golden: {
    sky: ['#4a84c2', '#f0dcb8'],
    sun: [0.9, 0.18, 0.45],
    sunColor: '#ffe2a8',
    clouds: 4,
    cloudColor: '#fff3e0',
    wash: ['#ffd9a0', 0.22, [1, 0, 0, 1]],
  },
  overcast: {
    sky: ['#8796a3', '#d7dcde'],
    clouds: 9,
    cloudColor: '#f1f2f2',
    cloudOp: 0.9,
    shadeOp: 0.06,
    wash: ['#dfe6ea', 0.12, [0, 0, 0, 1]],
  },
  dusk: {
    sky: ['#1c2d52', '#e9a06e'],
    skyMid: '#5b5f8c',
    clouds: 3,
    cloudColor: '#e9a27e',
    cloudOp: 0.5,
    shadeOp: 0.08,
    wash: ['#ffd9a6', 0.22, [0.5, 0, 0.5, 1]],
    vignette: 0.5,
    dusk: true,
  },
  spring: { sky: ['#6aa6da', '#eaf2f0'], sun: [0.8, 0.08, 0.28], clouds: 5, wash: ['#fffbe0', 0.12, [0, 0, 1, 1]] },
};
const TREES = {
  summer: ['#1f4529', '#2f6436', '#4f8645'],
  autumn: ['#5a3417', '#a85a1f', '#d89a3c'],
  pine: ['#142b1c', '#1d3d27', '#33553a'],
  spring: ['#365f2a', '#5f9238', '#a3c45c'],
  dusk: ['#10261a', '#183522', '#2a4a30'],
  willow: ['#3d5a2a', '#6c8a3c', '#9db35e'],
};
const CAMERAS = {
  baseline: { pos: [1.5, 3.4, -17.8], pitch: 0.11, fov: 62 },
  corner: { pos: [-8.4, 1.8, -6], yaw: 0.72, pitch: 0.06, fov: 60 },
  high: { pos: [2, 14, -30], pitch: 0.36, fov: 58 },
  side: { pos: [-7.6, 2.4, -16], yaw: 0.4, pitch: 0.06, fov: 58 },
  terrace: { pos: [0, 5, -21], pitch: 0.2, fov: 56 },
  low: { pos: [-2.5, 1.2, -16.5], yaw: 0.12, pitch: 0.0, fov: 54 },
};

/** A clubhouse behind the back fence: walls, windows, a roof and the club's name on a sign. */
function clubhouse(ctx, cam, { x, z, w = 14, d = 8, h = 4.2, wall, roof, pitched = false, sign, name, lit }) {
  const x0 = x - w / 2,
    x1 = x + w / 2;
  const front = () =>
    windowsZ(ctx, cam, {
      x0: x0 + 1,
      x1: x1 - 1,
      y0: 0.8,
      y1: h - 0.9,
      z,
      cols: Math.max(3, Math.round(w / 2.4)),
      lit: lit ? '#ffd58a' : '#bcd3dc',
      litOp: lit ? 0.95 : 0.7,
    });
  let s = boxC(cam, [x0, 0, z], [x1, h, z + d], wall, { front }).svg;
  if (pitched) {
    const ridge = h + d * 0.45;
    s += poly(
      cam.poly([
        [x0 - 0.4, h, z - 0.4],
        [x1 + 0.4, h, z - 0.4],
        [x1 + 0.4, ridge, z + d / 2],
        [x0 - 0.4, ridge, z + d / 2],
      ]),
      `fill="${roof}"`,
    );
    s += poly(
      cam.poly([
        [x0 - 0.4, h - 0.05, z - 0.42],
        [x1 + 0.4, h - 0.05, z - 0.42],
        [x1 + 0.4, h + 0.15, z - 0.42],
        [x0 - 0.4, h + 0.15, z - 0.42],
      ]),
      `fill="${shade(roof, -0.3)}"`,
    );
  } else {
    s += boxC(cam, [x0 - 0.5, h, z - 0.6], [x1 + 0.5, h + 0.45, z + d + 0.3], roof).svg;
  }
  // The sign on the front, high enough to be seen over the fence: the club's name.
  const sw = Math.min(w * 0.8, 0.55 * name.length + 1.5),
    sy0 = pitched ? h - 0.85 : h + 0.5,
    sy1 = sy0 + 0.75;
  const [sl, st] = cam.pt([x - sw / 2, sy1, z - 0.7]),
    [sr, sb] = cam.pt([x + sw / 2, sy0, z - 0.7]);
  s += panelZ(cam, x - sw / 2, sy0, x + sw / 2, sy1, z - 0.7, `fill="${sign}"`);
  s += `<text x="${f1(sl + (sr - sl) * 0.05)}" y="${f1(sb - (sb - st) * 0.22)}" font-family="DejaVu Sans" font-weight="bold" font-size="${f1((sb - st) * 0.6)}" fill="#f4f4ef" textLength="${f1((sr - sl) * 0.9)}" lengthAdjust="spacingAndGlyphs">${name.toUpperCase()}</text>`;
  return s;
}

/** A club's scene: the kit's park with a clubhouse, extras and players from the spec. */
function clubScene(spec) {
  return {
    draw(ctx) {
      const sky = SKIES[spec.sky],
        courts = spec.courts ?? [0];
      const scene = park(ctx, {
        ...sky,
        ...SURFACES[spec.surface],
        cam: CAMERAS[spec.cam],
        courts,
        trees: TREES[spec.sky === 'dusk' ? 'dusk' : spec.trees],
        poplar: spec.trees === 'pine' ? 0.75 : spec.trees === 'willow' ? 0.05 : 0.25,
        treeH: spec.treeH ?? 1,
        cloth: spec.cloth,
        grass: spec.grass,
        people: spec.people,
        balls: spec.balls ?? [
          [1.2, -3],
          [-3.5, -8.5],
        ],
        // Everything beyond the back fence, far to near: masts, the clubhouse, flags, parasols, bikes.
        behind: (cam) =>
          [
            spec.sky === 'dusk' || spec.masts
              ? [-9.3, 9.3].map((x) => mast(ctx, cam, x + courts[0], 18.1, { lit: spec.sky === 'dusk' })).join('')
              : '',
            clubhouse(ctx, cam, {
              ...spec.house,
              name: spec.name,
              lit: spec.sky === 'dusk' || spec.sky === 'overcast',
            }),
            ...(spec.flags
              ? [
                  flagPole(ctx, cam, spec.house.x - 6, 21, { color: spec.flags[0], accent: spec.flags[1] }),
                  flagPole(ctx, cam, spec.house.x - 3.5, 21, { color: spec.flags[1], accent: spec.flags[0] }),
                ].map((item) => item.svg)
              : []),
            ...(spec.parasols ?? []).map(
              (x) => parasol(ctx, cam, x, 21.4, { color: spec.house.sign, stripe: '#f4f4ef' }).svg,
            ),
            ...(spec.bikes ?? []).map(
              (x, i) =>
                bike(ctx, cam, x, 19.6 + i * 0.2, { color: i % 2 ? '#7a2f2a' : '#1f2a26', dir: i % 2 ? -1 : 1 }).svg,
            ),
          ].join(''),
        items: (cam) => [
          ...(spec.bench ? bench(cam, spec.bench[0], spec.bench[1], 2.4) : []),
          ...(spec.basket ? [basketAt(ctx, cam, spec.basket[0], spec.basket[1])] : []),
          ...(spec.cones ? spec.cones.map(([x, z]) => coneAt(ctx, cam, x, z)) : []),
        ],
      });
      // The focal point: between the players and the club's name, so a wide strip keeps both.
      const [px, py] = scene.cam.pt(spec.subject ?? centreOf(spec.people));
      const [sx, sy] = scene.cam.pt([spec.house.x, (spec.house.h ?? 4.2) + 0.5, spec.house.z]);
      ctx.focus = [(px + sx) / 2 / ctx.W, (py + sy) / 2 / ctx.H];
      return scene.svg;
    },
    post: spec.post,
  };
}
const centreOf = (people) => [
  people.reduce((s, p) => s + p.x, 0) / people.length,
  1,
  people.reduce((s, p) => s + p.z, 0) / people.length,
];

const singles = (near, far, farPose = 'ready', nearPose = 'forehand') => [
  { x: far[0], z: far[1], pose: farPose, pal: far[2] },
  { x: near[0], z: near[1], pose: nearPose, pal: near[2], face: 'back', mirror: near[0] > 0 },
];

const CLUBS = [
  [
    'ltc-de-kei',
    {
      name: 'LTC De Kei',
      surface: 'clay',
      sky: 'golden',
      trees: 'summer',
      cam: 'baseline',
      cloth: '#1f4634',
      house: { x: -6, z: 24, w: 16, wall: '#8b5e3c', roof: '#eeebe4', sign: C.deep },
      flags: [C.green, C.yellow],
      people: singles([3.2, -10.4, PAL.green], [-1.2, 12.4, PAL.white]),
      subject: [1, 1, 1],
    },
  ],
  [
    'tv-breukelen',
    {
      name: 'TV Breukelen',
      surface: 'clay',
      sky: 'morning',
      trees: 'willow',
      cam: 'corner',
      cloth: '#203a5c',
      house: { x: 4, z: 25, w: 12, wall: '#f1ece2', roof: '#3a3f46', pitched: true, sign: '#203a5c' },
      bikes: [-3, -1.6],
      people: [
        { x: 2.5, z: 11.8, pose: 'serve', pal: PAL.coral, mirror: true },
        { x: -2, z: -9, pose: 'ready', pal: PAL.navy, face: 'back' },
      ],
      subject: [2.5, 1.4, 11.8],
    },
  ],
  [
    'tc-de-bongerd',
    {
      name: 'TC De Bongerd',
      surface: 'blue',
      sky: 'noon',
      trees: 'summer',
      cam: 'terrace',
      cloth: '#1c4032',
      masts: true,
      house: { x: 7, z: 25, w: 14, wall: '#c9c2b4', roof: '#2f3533', sign: '#7a2f2a' },
      people: singles([1, -12.3, PAL.navy], [-2.8, 12.1, PAL.yellow], 'ready', 'serve'),
      subject: [-0.5, 1, 0],
    },
  ],
  [
    'ltv-zeist-west',
    {
      name: 'LTV Zeist-West',
      surface: 'clay',
      sky: 'spring',
      trees: 'pine',
      cam: 'high',
      courts: [-9.6, 9.6],
      cloth: '#1a3b2d',
      house: { x: 0, z: 25, w: 18, wall: '#e8e3d6', roof: '#27342e', sign: '#1a3b2d' },
      parasols: [-6, -2, 6],
      people: [
        { x: -11, z: 11.5, pose: 'ready', pal: PAL.white },
        { x: -8, z: -11.6, pose: 'serve', pal: PAL.green, face: 'back' },
        { x: 7.5, z: 6, pose: 'volley', pal: PAL.yellow },
        { x: 11.5, z: 6.4, pose: 'volley', pal: PAL.coral },
        { x: 9, z: -10, pose: 'ready', pal: PAL.sky, face: 'back' },
      ],
      subject: [0, 1, 2],
    },
  ],
  [
    'tv-het-rondeel',
    {
      name: 'TV Het Rondeel',
      surface: 'green',
      sky: 'dusk',
      trees: 'summer',
      cam: 'side',
      cloth: '#142e24',
      house: { x: 8, z: 25, w: 13, wall: '#3a4340', roof: '#1f2523', sign: C.green },
      people: [
        { x: 2, z: 12, pose: 'forehand', pal: PAL.white, mirror: true },
        { x: -1, z: -8, pose: 'volley', pal: PAL.green, face: 'back' },
      ],
      subject: [0.5, 1, 3],
    },
  ],
  [
    'ltc-bunnik',
    {
      name: 'LTC Bunnik',
      surface: 'redClay',
      sky: 'golden',
      trees: 'autumn',
      cam: 'low',
      cloth: '#4a1f1f',
      house: { x: -2, z: 24.5, w: 12, wall: '#b86b4b', roof: '#3b2a24', pitched: true, sign: '#4a1f1f' },
      bench: [-7.6, 14],
      people: singles([-2.5, -10.5, PAL.sky], [2.6, 11.6, PAL.green], 'backhand'),
      subject: [0, 1, 2],
    },
  ],
  [
    'ultc-kromme-rijn',
    {
      name: 'ULTC Kromme Rijn',
      surface: 'clay',
      sky: 'noon',
      trees: 'spring',
      cam: 'high',
      courts: [-18.4, 0, 18.4],
      cloth: '#2a2f4a',
      house: { x: 0, z: 26, w: 22, wall: '#f3f0e8', roof: '#2a2f4a', sign: '#2a2f4a' },
      flags: ['#c8102e', '#f3f0e8'],
      people: [
        { x: -19.5, z: 11.2, pose: 'ready', pal: PAL.white },
        { x: -17.4, z: -11.6, pose: 'serve', pal: PAL.navy, face: 'back' },
        { x: -2, z: 10.8, pose: 'forehand', pal: PAL.yellow },
        { x: 2.4, z: -6, pose: 'volley', pal: PAL.green, face: 'back' },
        { x: 17.5, z: 1.5, pose: 'feed', pal: PAL.coach },
        { x: 19.5, z: 10, pose: 'forehand', pal: PAL.sky, mirror: true },
      ],
      basket: [16.5, 0.8],
      subject: [0, 1, 3],
    },
  ],
  [
    'tv-woerden',
    {
      name: 'TV Woerden',
      surface: 'navy',
      sky: 'overcast',
      trees: 'willow',
      cam: 'baseline',
      cloth: '#1d2d4a',
      house: { x: 5, z: 24, w: 15, wall: '#d8d4cb', roof: '#1d2d4a', sign: '#1d2d4a' },
      people: [
        { x: -3, z: 6.5, pose: 'volley', pal: PAL.coral },
        { x: 2.8, z: 11, pose: 'ready', pal: PAL.white },
        { x: -2.5, z: -7, pose: 'volley', pal: PAL.green, face: 'back' },
        { x: 3, z: -11, pose: 'serve', pal: PAL.navy, face: 'back', mirror: true },
      ],
      subject: [0, 1, 2],
    },
  ],
  [
    'ltc-de-vecht',
    {
      name: 'LTC De Vecht',
      surface: 'clay',
      sky: 'golden',
      trees: 'willow',
      cam: 'side',
      cloth: '#30442a',
      house: { x: -4, z: 25, w: 13, wall: '#6e4a32', roof: '#2c241f', pitched: true, sign: '#30442a' },
      parasols: [-9, 1],
      people: [
        { x: 2.2, z: 11.8, pose: 'serve', pal: PAL.yellow, mirror: true },
        { x: -2.2, z: -10, pose: 'ready', pal: PAL.white, face: 'back' },
      ],
      subject: [0, 1, 4],
      post: { saturation: 1.05 },
    },
  ],
  [
    'tv-de-zilverstad',
    {
      name: 'TV De Zilverstad',
      surface: 'clay',
      sky: 'overcast',
      trees: 'summer',
      cam: 'corner',
      cloth: '#4b5157',
      house: { x: 9, z: 25, w: 12, wall: '#c7ccd1', roof: '#4b5157', sign: '#4b5157' },
      people: [
        { x: -1.5, z: 10, pose: 'backhand', pal: PAL.sky },
        { x: 1.5, z: -11, pose: 'ready', pal: PAL.coral, face: 'back' },
      ],
      subject: [-1, 1.2, 10],
    },
  ],
  [
    'tv-galecop',
    {
      name: 'TV Galecop',
      surface: 'turf',
      sky: 'spring',
      trees: 'spring',
      cam: 'terrace',
      cloth: '#234a2c',
      grass: '#5a8a3c',
      house: { x: -5, z: 24.5, w: 14, wall: '#e9e4d8', roof: '#234a2c', sign: '#234a2c' },
      bikes: [4, 5.4, 6.8],
      people: singles([-2, -11.5, PAL.green], [2.5, 11.8, PAL.sky], 'ready', 'backhand'),
      subject: [0, 1, 0],
    },
  ],
  [
    'ltc-de-peppel',
    {
      name: 'LTC De Peppel',
      surface: 'clay',
      sky: 'morning',
      trees: 'pine',
      cam: 'baseline',
      cloth: '#2b3d2f',
      treeH: 1.2,
      house: { x: 3, z: 24.5, w: 14, wall: '#a8876a', roof: '#2b2622', pitched: true, sign: '#2b3d2f' },
      people: [
        { x: -1.5, z: 2.5, pose: 'feed', pal: PAL.coach2 },
        { x: -2.5, z: 11.2, pose: 'forehand', pal: PAL.yellow, kid: true },
        { x: 1.5, z: 11.5, pose: 'ready', pal: PAL.coral, kid: true },
      ],
      basket: [-0.2, 2.2],
      subject: [-1, 1, 6],
    },
  ],
  [
    'tc-de-hoge-weide',
    {
      name: 'TC De Hoge Weide',
      surface: 'blue',
      sky: 'golden',
      trees: 'willow',
      cam: 'corner',
      cloth: '#163a5a',
      house: { x: 10, z: 25, w: 12, wall: '#f2efe8', roof: '#163a5a', sign: '#163a5a' },
      masts: true,
      people: [
        { x: 2, z: 12, pose: 'serve', pal: PAL.navy, mirror: true },
        { x: -2.4, z: -9.5, pose: 'ready', pal: PAL.green, face: 'back' },
      ],
      subject: [2, 1.4, 12],
    },
  ],
  [
    'tv-de-betuwe',
    {
      name: 'TV De Betuwe',
      surface: 'clay',
      sky: 'spring',
      trees: 'spring',
      cam: 'low',
      cloth: '#4d3a22',
      house: { x: 4, z: 24, w: 13, wall: '#d9c9a8', roof: '#4d3a22', pitched: true, sign: '#4d3a22' },
      flags: ['#d9263a', '#f3f0e8'],
      people: singles([2.6, -10.5, PAL.white], [-2, 11.5, PAL.navy], 'volley', 'backhand'),
      subject: [0, 1, 2],
    },
  ],
  [
    'ltc-de-waalkade',
    {
      name: 'LTC De Waalkade',
      surface: 'clay',
      sky: 'golden',
      trees: 'summer',
      cam: 'terrace',
      cloth: '#203a4a',
      house: { x: 0, z: 24, w: 18, wall: '#e5dccb', roof: '#203a4a', sign: '#203a4a' },
      parasols: [-7, -3, 3, 7],
      people: singles([2, -11.6, PAL.yellow], [-2.5, 11.6, PAL.green], 'ready', 'serve'),
      subject: [0, 1, 4],
    },
  ],
  [
    'tc-de-meerendonk',
    {
      name: 'TC De Meerendonk',
      surface: 'smash',
      sky: 'dusk',
      trees: 'summer',
      cam: 'baseline',
      cloth: '#2a1c18',
      house: { x: -4, z: 25, w: 18, wall: '#4a4f52', roof: '#1f2325', sign: '#c4623a' },
      people: [
        { x: -2.5, z: 11.5, pose: 'ready', pal: PAL.sky },
        { x: 2.5, z: 6.8, pose: 'volley', pal: PAL.white },
        { x: 3, z: -10.5, pose: 'forehand', pal: PAL.green, face: 'back', mirror: true },
      ],
      subject: [0.5, 1, 3],
    },
  ],
  [
    'tc-taalstraat',
    {
      name: 'TC Taalstraat',
      surface: 'clay',
      sky: 'noon',
      trees: 'autumn',
      cam: 'side',
      cloth: '#5a2a1e',
      house: { x: 6, z: 25, w: 12, wall: '#9b3f2c', roof: '#2b2320', pitched: true, sign: '#2b2320' },
      people: [
        { x: 2.4, z: 11.6, pose: 'forehand', pal: PAL.navy, mirror: true },
        { x: 1, z: -9, pose: 'serveHit', pal: PAL.coral, face: 'back' },
      ],
      subject: [1.2, 1, 2],
    },
  ],
  [
    'tv-de-dommel',
    {
      name: 'TV De Dommel',
      surface: 'clay',
      sky: 'overcast',
      trees: 'pine',
      cam: 'low',
      cloth: '#23392c',
      house: { x: -5, z: 24.5, w: 13, wall: '#7b8a6a', roof: '#23392c', sign: '#23392c' },
      cones: [
        [-3, -6],
        [-1, -6],
        [1, -6],
        [3, -6],
      ],
      people: [
        { x: 0.5, z: 2.5, pose: 'feed', pal: PAL.coach },
        { x: -2.2, z: -8, pose: 'forehand', pal: PAL.yellow, kid: true, face: 'back' },
        { x: 2.2, z: -8.6, pose: 'ready', pal: PAL.sky, kid: true, face: 'back' },
      ],
      basket: [1.6, 2.2],
      subject: [0, 1, -3],
    },
  ],
  [
    'eltc-de-karpen',
    {
      name: 'ELTC De Karpen',
      surface: 'clay',
      trees: 'summer',
      cam: 'terrace',
      courts: [-9.6, 9.6],
      sky: 'overcast',
      cloth: '#1f2a44',
      house: { x: 0, z: 25.5, w: 24, h: 7, wall: '#dfe3e6', roof: '#2b3036', sign: '#1f2a44' },
      people: [
        { x: -9.6, z: 11.6, pose: 'ready', pal: PAL.white },
        { x: -8.6, z: -11.8, pose: 'serve', pal: PAL.green, face: 'back' },
        { x: 8.4, z: 10.5, pose: 'forehand', pal: PAL.navy },
        { x: 10.6, z: -9, pose: 'backhand', pal: PAL.coral, face: 'back' },
      ],
      subject: [0, 1, 0],
    },
  ],
  [
    'tv-oisterwijkse-vennen',
    {
      name: 'TV Oisterwijkse Vennen',
      surface: 'clay',
      sky: 'morning',
      trees: 'pine',
      cam: 'corner',
      cloth: '#1e3326',
      treeH: 1.35,
      house: { x: 10, z: 25, w: 16, wall: '#8a6a4a', roof: '#2a3a2c', pitched: true, sign: '#1e3326' },
      bench: [-6, 16],
      people: [
        { x: 1.8, z: 11.4, pose: 'ready', pal: PAL.green },
        { x: -2, z: -8.5, pose: 'forehand', pal: PAL.white, face: 'back' },
      ],
      subject: [1.8, 1.2, 11.4],
    },
  ],
];

export default Object.fromEntries(CLUBS.map(([slug, spec]) => [`club-${slug}`, clubScene(spec)]));
