import { Picture } from './Picture.tsx';
import { useImage } from '../lib/images.tsx';

export interface HeroProps {
  title: string;
  subtitle?: string | undefined;
  image: string;
  size?: 'default' | 'large' | 'compact';
  colorBar?: boolean;
}

/** Every page opens with a hero: title over a photo. Its image is the page's largest paint, so it loads first. */
export function Hero({ title, subtitle, image, size = 'default', colorBar = false }: HeroProps) {
  const picture = useImage(image);
  return (
    <div className={`hero hero-${size}`}>
      <Picture image={picture} alt="" sizes="100vw" priority className="hero-image" />
      <div className="hero-shade" />
      <div className="container hero-text">
        <h1>{title}</h1>
        {subtitle && <p className="hero-subtitle">{subtitle}</p>}
      </div>
      {colorBar && <div className="hero-color-bar" aria-hidden="true" />}
    </div>
  );
}
