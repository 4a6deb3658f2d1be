import { z } from 'zod';
import { clockTime, id, imageName, isoDate, localized, text, weekday } from './common.ts';
import { slugify } from '../slug.ts';

export const packageIds = ['private', 'duo', 'group', 'youth'] as const;
export const trainerRoleIds = ['head-coach', 'high-performance-trainer', 'tennis-coach', 'physiotherapist'] as const;

const hours = z.strictObject({ day: weekday, start: clockTime, end: clockTime }).refine((h) => h.start < h.end, {
  message: 'start before end',
  path: ['end'],
});

export const clubSchema = z
  .strictObject({
    // Descriptions are what an editor's hover shows (.vscode/schemas, `site schema`).
    id: id.describe('Never changes once published: part of the URL /verenigingen/<id>-<name>'),
    // The old WordPress site's id and path (redirected to the club page) and the YourTennis id:
    // kept for the clubs that had them; a new club has none (issue 20).
    wpId: id.optional().describe('Old WordPress id; only clubs of the old site have one'),
    yourtennisId: z.string().min(1).optional().describe('YourTennis id; optional'),
    name: text.describe("The club's name; its URL is made from it"),
    city: text,
    region: z.string().min(1).describe('A region id of content/data/lessons.yaml (regions)'),
    image: imageName.describe('A photo in content/images, without its extension'),
    wpPath: z
      .string()
      .regex(/^\/[a-z0-9/-]*\/$/, 'an old WordPress path like /ltc-de-kei/')
      .optional()
      .describe('Old WordPress path, redirected to the club page; optional'),
    link: z.url({ protocol: /^https$/ }).describe('The external sign-up page (https)'),
    lessonStartDate: isoDate.describe('First lesson, "YYYY-MM-DD"'),
    signupStartDate: isoDate.optional().describe('Sign-up opens, "YYYY-MM-DD"; optional'),
    signupEndDate: isoDate.describe('Sign-up closes, before the first lesson, "YYYY-MM-DD"'),
    courts: z.strictObject({
      clay: z.number().int().min(0),
      hard: z.number().int().min(0),
      indoor: z.number().int().min(0),
    }),
    availability: z.number().int().min(0).describe('Free places'),
    offering: z.array(z.enum(packageIds)).min(1).describe('Lesson packages the club offers'),
    headTrainers: z.array(z.strictObject({ name: text, role: z.enum(trainerRoleIds) })),
    schedule: z.array(hours).describe('Lesson hours: { day, start, end }'),
    intro: localized.describe("The club page's introduction: { nl, en }"),
  })
  .refine((c) => c.signupEndDate < c.lessonStartDate, {
    message: 'sign-up must end before lessons start',
    path: ['signupEndDate'],
  })
  .refine((c) => !c.signupStartDate || c.signupStartDate < c.signupEndDate, {
    message: 'sign-up must start before it ends',
    path: ['signupStartDate'],
  })
  // The club's URL is made from its name (/verenigingen/<id>-<name-slug>): a name of only emoji or
  // signs leaves no slug, and routing could not make the page (found by content fuzzing, issue 11).
  .refine((c) => slugify(c.name) !== '', {
    message: 'a name with letters or digits, for the URL of the club page',
    path: ['name'],
  });
export const clubsSchema = z.array(clubSchema).min(1);
export type Club = z.infer<typeof clubSchema>;

export const lessonsSchema = z.strictObject({
  packages: z.array(
    z.strictObject({
      id: z.enum(packageIds),
      name: localized,
      quote: localized,
      description: localized,
      groupSize: z.strictObject({ min: z.number().int().positive(), max: z.number().int().positive() }),
      // Euros per lesson per player, the lowest a club charges: shown as "vanaf € 45 per les" (issue 19).
      pricePerLesson: z.number().positive().multipleOf(0.01),
    }),
  ),
  youthLevels: z.array(
    z.strictObject({
      id: z.enum(['red', 'orange', 'green', 'yellow']),
      minAge: z.number().int().min(0),
      maxAge: z.number().int().positive(),
      name: localized,
      description: localized,
    }),
  ),
  trainerRoles: z.array(z.strictObject({ id: z.enum(trainerRoleIds), name: localized, description: localized })),
  regions: z.array(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9-]+$/),
      name: localized,
      description: localized,
      cta: localized,
      trainingDay: localized,
    }),
  ),
  workingHours: z.array(hours),
});
export type Lessons = z.infer<typeof lessonsSchema>;

/** UI strings: nested maps of text. */
export type Strings = { [key: string]: string | Strings };
// A key `__proto__` would set the object's prototype instead of holding text, and zod's record
// skips it without a word: say so at the key instead of letting its strings vanish.
const noProtoKey = z.unknown().superRefine((value, ctx) => {
  if (value !== null && typeof value === 'object' && Object.hasOwn(value, '__proto__')) {
    ctx.addIssue({
      code: 'custom',
      path: ['__proto__'],
      message: 'a key named __proto__ cannot hold text: choose another name',
    });
  }
});
export const stringsSchema: z.ZodType<Strings> = z.lazy(() =>
  noProtoKey.pipe(z.record(z.string(), z.union([text, stringsSchema]))),
);
