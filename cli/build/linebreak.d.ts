/** The Unicode line breaking algorithm (UAX #14), as satori finds where a line may break. */
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): { position: number; required: boolean } | null;
  }
}
