import type { ComponentType } from 'react';
import { DefaultLayout, type LayoutProps } from './DefaultLayout.tsx';
import { EmptyLayout } from './EmptyLayout.tsx';
import { NewsLayout } from './NewsLayout.tsx';

/** The spec's three layouts, chosen per route in site.config.yaml. */
export const layouts: Record<'default' | 'empty' | 'news', ComponentType<LayoutProps>> = {
  default: DefaultLayout,
  empty: EmptyLayout,
  news: NewsLayout,
};
export type { LayoutProps };
