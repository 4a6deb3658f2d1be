import { z } from 'zod';
import { configSchema } from '../../shared/config.ts';
import { contentKinds, dataFiles } from '../content/kinds.ts';
import { collections } from '../content/classify.ts';

/** A JSON Schema document (draft-07: what the YAML extension of VS Code reads best). */
export type JsonSchema = Record<string, unknown>;

/** One generated schema: its file name in the schema folder and the files it checks. */
export interface SchemaFile {
  name: string;
  /** Globs, relative to the project root, of the files this schema describes. */
  files: string[];
  schema: JsonSchema;
  /** Markdown front matter (the YAML extension does not read it; docs/content.md says what does). */
  frontMatter: boolean;
}

/**
 * The JSON Schema of a zod schema, as an editor reads a file: the input side (a field with a
 * default may be left out). Rules across fields (an end after its start) stay with the build.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  return z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * A translation's schema: it sets only what differs from its original, so no field of a
 * mapping is required; a list it sets replaces the original's whole, so list items keep theirs.
 */
export function optionalFields(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(optionalFields);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required') continue;
    copy[key] = key === 'items' ? value : optionalFields(value);
  }
  return copy;
}

/** Every schema the project's files are checked against, generated from the zod schemas. */
export function schemaFiles(): SchemaFile[] {
  const kinds = collections.flatMap((collection): SchemaFile[] => {
    const schema = jsonSchemaOf(contentKinds[collection].schema);
    return [
      { name: `${collection}.nl.schema.json`, files: [`content/nl/${collection}/*.md`], schema, frontMatter: true },
      {
        name: `${collection}.en.schema.json`,
        files: [`content/en/${collection}/*.md`],
        schema: optionalFields(schema) as JsonSchema,
        frontMatter: true,
      },
    ];
  });
  return [
    ...kinds,
    {
      name: 'clubs.schema.json',
      files: [dataFiles.clubs.file],
      schema: jsonSchemaOf(dataFiles.clubs.schema),
      frontMatter: false,
    },
    {
      name: 'lessons.schema.json',
      files: [dataFiles.lessons.file],
      schema: jsonSchemaOf(dataFiles.lessons.schema),
      frontMatter: false,
    },
    // Its input side is any value (a key __proto__ is checked before the text): the output side says what it holds.
    {
      name: 'strings.schema.json',
      files: ['content/*/strings.yaml'],
      schema: jsonSchemaOf(dataFiles.strings.schema, 'output'),
      frontMatter: false,
    },
    {
      name: 'site.config.schema.json',
      files: ['site.config.yaml'],
      schema: jsonSchemaOf(configSchema),
      frontMatter: false,
    },
  ];
}
