// Scene kit: a complete outdoor tennis park (sky, trees, fence, court, net, people)
// driven by a handful of options, shared by most scenes.
import { camera, ellipse, mix, poly, rect, shade } from './lib.mjs';
import { C, ballAt, clouds, court, fence, glow, layer, net, sky, treeLine, vignette, wash } from './elements.mjs';
import { person } from './figure.mjs';

export const PAL = {
  green: { skin: '#e0ac84', shirt: C.green, shorts: C.deep, hair: '#4a3020' },
  white: { skin: '#f1c9a5', shirt: '#f4f4ef', shorts: '#1d2d4a', hair: '#2b1d14' },
  navy: { skin: '#9c6644', shirt: '#213a5c', shorts: '#f0f0ea', hair: '#1a1410' },
  yellow: { skin: '#c68a62', shirt: C.yellow, shorts: C.deep, hair: '#2b1d14', hairStyle: 'pony' },
  coral: { skin: '#f1c9a5', shirt: '#e8735a', shorts: '#f4f4ef', hair: '#c9a062', hairStyle: 'pony', skirt: true },
  coach: {
    skin: '#e0ac84',
    shirt: C.dark,
    shorts: '#17261f',
    hair: '#4a3020',
    hairStyle: 'cap',
    cap: '#f4f4ef',
    long: true,
  },
  coach2: { skin: '#6f4630', shirt: C.green, shorts: '#17261f', hair: '#1a1410', long: true },
  sky: { skin: '#f4d2b8', shirt: '#4d9bd6', shorts: '#f4f4ef', hair: '#7a5230', hairStyle: 'pony' },
};

/** Sky + trees + grass + court + fence + net + people. Returns { svg, cam }. */
export function park(ctx, o) {
  const { W, H } = ctx;
  const cam = camera({ W, H, ...o.cam });
  const hz = cam.horizon;
  const skyC = o.sky ?? ['#5f97c6', '#d6e6ec'];
  const treeTones = o.trees ?? ['#1f4529', '#2f6436', '#4f8645'];
  let s = sky(ctx, { top: skyC[0], bottom: skyC[1], mid: o.skyMid, to: hz + 40 });
  if (o.sunDisc)
    s += ellipse(o.sunDisc[0] * W, o.sunDisc[1] * H, o.sunDisc[2], o.sunDisc[2], `fill="${o.sunDisc[3] ?? '#fff4d0'}"`);
  if (o.sun) s += glow(ctx, o.sun[0] * W, o.sun[1] * H, o.sun[2] * W, o.sunColor ?? '#fff6d8', o.sunOp ?? 0.8);
  if (o.clouds !== 0)
    s += clouds(ctx, {
      n: o.clouds ?? 5,
      y0: 0.02,
      y1: Math.max(0.05, hz / H - 0.25),
      color: o.cloudColor ?? '#ffffff',
      op: o.cloudOp ?? 0.75,
    });
  s += rect(
    0,
    hz - 1,
    W,
    H - hz + 1,
    `fill="${ctx.lin([
      [0, mix(o.grass ?? '#4f7d3a', skyC[1], 0.3)],
      [0.3, o.grass ?? '#4f7d3a'],
      [1, shade(o.grass ?? '#4f7d3a', -0.2)],
    ])}"`,
  );
  const fz = o.fenceZ ?? 18.3,
    fx = o.fenceX ?? 9.2;
  const th = o.treeH ?? 1;
  const rows = [
    [fz + 40, 13 * th, 0.5, 4],
    [fz + 22, 11 * th, 0.28, 2.5],
    [fz + 9, 9 * th, 0.1, 1.2],
  ];
  for (const [z, th, haze, blur] of rows.slice(3 - (o.treeRows ?? 3))) {
    if (cam.depth([0, 0, z]) < 2) continue;
    const [, y] = cam.pt([0, 0, z]);
    s += treeLine(ctx, {
      y,
      h: cam.scale([0, 0, z]) * th,
      tones: treeTones,
      haze: skyC[1],
      hazeAmt: haze * (o.haze ?? 1),
      blur: blur * (o.dof ?? 1),
      poplar: o.poplar ?? 0.25,
      vary: o.treeVary,
    });
  }
  if (o.behind) s += o.behind(cam);
  const courts = o.courts ?? [0],
    xl = Math.min(...courts) - fx,
    xr = Math.max(...courts) + fx;
  const surf = {
    surface: o.surface ?? C.clay,
    inner: o.inner,
    texture: o.texture ?? 'clay',
    runoff: [fx, fz],
    apron: o.apron,
    lineColor: o.lineColor,
  };
  for (const ox of courts) s += court(ctx, cam, { ...surf, ox });
  // late-afternoon shade cast by the back fence and the trees
  s += poly(
    cam.poly([
      [xl - 30, 0, fz - (o.shadeDepth ?? 4)],
      [xr + 30, 0, fz - (o.shadeDepth ?? 4)],
      [xr + 30, 0, fz],
      [xl - 30, 0, fz],
    ]),
    `fill="#1a0d05" opacity="${o.shadeOp ?? 0.22}" filter="${ctx.blur(6)}"`,
  );
  if (o.onCourt) s += o.onCourt(cam);
  const fenceOpt = { cloth: o.cloth ?? '#1f4634', h: o.clothH ?? 2.6 };
  const fences = o.fences ?? [
    o.backFence !== false && [
      [xl - 30, fz],
      [xr + 30, fz],
    ],
    o.sideFences !== false && [
      [xl, -fz - 10],
      [xl, fz],
    ],
    o.sideFences !== false && [
      [xr, -fz - 10],
      [xr, fz],
    ],
  ];
  for (const f of fences.filter(Boolean)) s += fence(ctx, cam, f, fenceOpt);
  if (o.onFence) s += o.onFence(cam);
  const items = o.net === false ? [] : courts.map((ox) => net(ctx, cam, { ox, ...o.netOpt }));
  for (const p of o.people ?? []) items.push(person(ctx, cam, p.x, p.z, { light: o.light, ...p }));
  for (const b of o.balls ?? []) items.push(ballAt(ctx, cam, b[0], b[1], b[2], b[3]));
  for (const it of o.items ? o.items(cam) : []) items.push(it);
  s += layer(items);
  if (o.front) s += o.front(cam);
  if (o.afterglow)
    s += glow(ctx, o.afterglow[0] * W, o.afterglow[1] * H, o.afterglow[2] * W, o.afterglow[3], o.afterglow[4]);
  if (o.wash) s += wash(ctx, o.wash[0], o.wash[1], o.wash[2]);
  s += vignette(ctx, o.vignette ?? 0.4);
  return { svg: s, cam };
}
