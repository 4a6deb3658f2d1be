import type { ReactNode } from 'react';
import type { ShareCardProps, textBox } from '../../templates/cards/ShareCard.tsx';

/** The card template, compiled, with the fonts it is drawn in; `version` names both. */
export interface CardTemplate {
  version: string;
  render(props: ShareCardProps): ReactNode;
  fonts: Array<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }>;
  /** Where the page's text goes (the template's `textBox`): the rest is drawn once (card-layers.ts). */
  textBox?: typeof textBox;
}
