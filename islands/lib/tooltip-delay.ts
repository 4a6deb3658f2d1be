/**
 * When a tooltip opens (spec §9: open delay 700 ms, skip delay 300 ms), as Radix's provider does:
 * hovering a trigger opens its tooltip after 700 ms; once one tooltip has been open, moving to
 * another within 300 ms of closing opens that one at once, so scanning a row of icons is not slow.
 * Keyboard focus opens at once: a keyboard user asked for it. One instance per page (shared chunk).
 */
export const tooltipRules = { openDelay: 700, skipDelay: 300 } as const;

export class TooltipDelay {
  private skipping = false;
  private skipTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly rules: { openDelay: number; skipDelay: number } = tooltipRules) {}

  /** Milliseconds a hovered trigger waits before its tooltip opens. */
  openDelay(): number {
    return this.skipping ? 0 : this.rules.openDelay;
  }

  opened(): void {
    clearTimeout(this.skipTimer);
    this.skipTimer = undefined;
    this.skipping = true;
  }

  closed(): void {
    clearTimeout(this.skipTimer);
    this.skipTimer = setTimeout(() => {
      this.skipping = false;
      this.skipTimer = undefined;
    }, this.rules.skipDelay);
  }
}

export const tooltipDelay = new TooltipDelay();
