import type { ReactNode } from 'react';
import { Document } from '../document.tsx';
import { Header } from '../components/Header.tsx';
import { Footer } from '../components/Footer.tsx';
import { Hero, type HeroProps } from '../components/Hero.tsx';

export interface LayoutProps {
  title: string;
  description: string;
  hero: HeroProps;
  children: ReactNode;
}

/** Header, hero, content, footer: most pages. */
export function DefaultLayout({ title, description, hero, children }: LayoutProps) {
  return (
    <Document title={title} description={description} hero={hero}>
      <Header />
      <main id="main">
        <Hero {...hero} />
        {children}
      </main>
      <Footer />
    </Document>
  );
}
