import { contentHash } from '../../content/content-hash.ts';
import { ContentPrints } from '../../content/content-prints.ts';
import { listContent, type SourceFile } from '../../content/read.ts';
import type { StageTimer } from '../timings.ts';
import { laterText } from './later-text.ts';
import { Sources } from './sources.ts';

/**
 * `site build`'s load stage: content/ listed, and each text's hash by its print when every file's
 * print answers for it (../../content/content-prints.ts), else every text read as `site dev`
 * reads them. A build with nothing changed then stats the texts instead of reading and hashing
 * them (issue 21); one that goes on reads them all, but after one Markdown edit (`later`).
 */
export class BuildOpening {
  private files: SourceFile[] | undefined;

  private constructor(
    private readonly root: string,
    readonly texts: string[],
    readonly images: Map<string, string>,
    private readonly prints: ContentPrints,
    private readonly known: string[] | undefined,
    read: SourceFile[],
    private readFrom: number,
    later: boolean,
  ) {
    if (!known) this.files = later && read.at(-1)?.path.endsWith('.md') ? this.readLater(read) : this.readAll(read);
  }

  /** `prints`: those a process that builds again keeps (`site build --watch`), else the stored ones. */
  static async open(root: string, timer: StageTimer, kept?: ContentPrints): Promise<BuildOpening> {
    return timer.run(
      'load',
      async () => {
        const { texts, images } = listContent(root);
        const prints = kept ?? ContentPrints.read(root);
        const readFrom = Date.now();
        const { hashes, read } = prints.known(texts);
        return new BuildOpening(root, texts, images, prints, hashes, read, readFrom, !kept);
      },
      (opening) => `${opening.texts.length} files, ${opening.images.size} images`,
    );
  }

  /** Each text's hash, in the order of `texts`: by its print, or by its text once read. */
  hashes(): readonly string[] {
    return this.files?.map(contentHash) ?? this.known!;
  }

  /** Every text read (those the prints answered for read now) as the build's Sources. */
  sources(timer: StageTimer): Sources {
    if (!this.files) {
      this.readFrom = Date.now();
      this.files = timer.time('read', () => this.readAll([]));
    }
    return Sources.of(this.root, { files: this.files, images: this.images });
  }

  /**
   * Whether a text read after its print answered for it is not the text the print stood for (a
   * file written since): the inputs are hashed again from the texts the build is made of.
   */
  readOther(): boolean {
    return this.files !== undefined && this.known?.some((hash, i) => contentHash(this.files![i]!) !== hash) === true;
  }

  /** The prints of the texts read and not answered for, kept for the next build. */
  keepPrints(): void {
    if (this.files) {
      this.prints.take(this.files, this.readFrom);
      this.prints.remember(this.files);
    }
    this.prints.keep(this.texts);
  }

  private readAll(read: SourceFile[]): SourceFile[] {
    const have = new Map(read.map((file) => [file.path, file]));
    return this.texts.map((path) => have.get(path) ?? this.prints.text(path));
  }

  /**
   * After a Markdown file's edit, in a process of its own (a build that keeps prints and texts
   * between builds reads none again anyway): each text its print answers for read when asked for
   * (./later-text.ts). A YAML file edited, or a second file found changed, goes to the full path,
   * which reads every text: read at once, as before, not one by one after a stat each.
   */
  private readLater(read: SourceFile[]): SourceFile[] {
    const have = new Map(read.map((file) => [file.path, file]));
    const files: SourceFile[] = [];
    for (const path of this.texts) {
      const known = have.get(path);
      const hash = known ? undefined : this.prints.hashOf(path);
      // Another file its print does not answer for: likely edited too, and the full path reads every text.
      if (!known && hash === undefined) return this.readAll(read);
      files.push(known ?? laterText(this.root, path, hash!));
    }
    return files;
  }
}
