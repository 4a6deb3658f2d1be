/**
 * Whether a page's hero shows its subject, measured in the browser (issue 19): the focal point of
 * the hero's picture (content/images/focus.yaml), as CSS placed it on screen, with a margin around
 * it, must lie inside the visible picture and clear of every box of the hero's text, and no text
 * may run out of its box (a long word in a narrow title column runs into the picture).
 */
import type { Page } from 'playwright-core';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface HeroLayout {
  /** The focal point with its margin, on screen. */
  subject: Box;
  /** The part of the picture the hero shows. */
  visible: Box;
  /** The hero's text: trail, title, subtitle, actions, highlights. */
  texts: Array<{ what: string; box: Box; overflows: boolean }>;
}

/**
 * The subject's half-size, as a share of the picture as drawn: a player or a logo is about a tenth
 * of a scene across and a sixth down.
 */
const MARGIN = { across: 0.05, down: 0.08 };

/** The hero's layout on the page as it is now, or null on a page without a hero (login). */
export function measureHero(page: Page): Promise<HeroLayout | null> {
  return page.evaluate((margin) => {
    const image = document.querySelector<HTMLImageElement>('.hero-image');
    const hero = image?.closest('.hero');
    if (!image || !hero) return null;
    const box = image.getBoundingClientRect();
    const frame = hero.getBoundingClientRect();
    const style = getComputedStyle(image);
    // object-fit: cover draws the picture at least as large as the box, in its own shape.
    const aspect = Number(image.getAttribute('width')) / Number(image.getAttribute('height'));
    const drawn = { width: Math.max(box.width, box.height * aspect), height: Math.max(box.height, box.width / aspect) };
    // The computed object-position is in pixels (hero.css's clamp) or, without container units, percent.
    const [offsetX, offsetY] = style.objectPosition.split(' ').map((value, axis) => {
      const free = axis === 0 ? box.width - drawn.width : box.height - drawn.height;
      return value.endsWith('%') ? (free * parseFloat(value)) / 100 : parseFloat(value);
    }) as [number, number];
    const focus = (name: string) => Number(style.getPropertyValue(name).trim() || 0.5);
    const x = box.left + offsetX + focus('--focus-x') * drawn.width;
    const y = box.top + offsetY + focus('--focus-y') * drawn.height;
    const plain = ({ left, top, right, bottom }: DOMRect) => ({ left, top, right, bottom });
    return {
      subject: {
        left: x - margin.across * drawn.width,
        right: x + margin.across * drawn.width,
        top: y - margin.down * drawn.height,
        bottom: y + margin.down * drawn.height,
      },
      visible: {
        left: Math.max(box.left, frame.left),
        top: Math.max(box.top, frame.top),
        right: Math.min(box.right, frame.right),
        bottom: Math.min(box.bottom, frame.bottom),
      },
      texts: [...hero.querySelectorAll('.hero-text > *')].map((element) => ({
        what: element.className || element.tagName.toLowerCase(),
        box: plain(element.getBoundingClientRect()),
        overflows: element.scrollWidth > element.clientWidth + 1,
      })),
    };
  }, MARGIN);
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inside = (a: Box, b: Box) =>
  a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;

/** What keeps a visitor from seeing the subject: empty when the hero shows it whole and uncovered. */
export function subjectProblems({ subject, visible, texts }: HeroLayout): string[] {
  const problems = inside(subject, visible) ? [] : ['the subject is cropped off the picture'];
  for (const { what, box, overflows } of texts) {
    if (overlaps(subject, box)) problems.push(`the hero's ${what} covers the subject`);
    if (overflows) problems.push(`the hero's ${what} runs out of its box`);
  }
  return problems;
}
