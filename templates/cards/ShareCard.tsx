/**
 * The social card (Open Graph / Twitter image) of a page: 1200x630, rendered at build time by
 * satori (cli/build/cards.ts). Satori reads a subset of CSS: every box with more than one child
 * is a flex box, sizes in pixels, fonts only those the card stage loads (Inter, from npm).
 */
export interface ShareCardProps {
  /** The page's language: the card is in it (label, date). */
  locale: 'nl' | 'en';
  title: string;
  /** The section, in the page's language: "Nieuws", "Events". */
  label?: string;
  /** A date, a place: one line under the title. */
  detail?: string;
  siteName: string;
  /** The site's host, shown at the bottom: www.baselinetennis.nl. */
  host: string;
  /** The page's photo as a data URI (cropped to the card's right side), if it has one. */
  photo?: string;
  colors: { dark: string; light: string; accent: string; muted: string };
}

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const PHOTO_WIDTH = 440;

export function ShareCard(props: ShareCardProps) {
  const { colors } = props;
  const long = props.title.length > 60;
  return (
    <div
      lang={props.locale}
      style={{
        display: 'flex',
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        background: colors.dark,
        fontFamily: 'Inter',
        color: '#ffffff',
      }}
    >
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          width: props.photo ? CARD_WIDTH - PHOTO_WIDTH : CARD_WIDTH,
          padding: '64px 64px 56px 72px',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 18 }}>
          <div
            style={{
              display: 'flex',
              width: 44,
              height: 44,
              borderRadius: 22,
              background: colors.accent,
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <div
              style={{
                display: 'flex',
                width: 44,
                height: 14,
                borderTop: `3px solid ${colors.dark}`,
                borderBottom: `3px solid ${colors.dark}`,
                borderRadius: 22,
              }}
            />
          </div>
          <div style={{ display: 'flex', fontSize: 32, fontWeight: 700, letterSpacing: -0.5 }}>{props.siteName}</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 22 }}>
          {props.label ? (
            <div style={{ display: 'flex' }}>
              <div
                style={{
                  display: 'flex',
                  padding: '8px 18px',
                  borderRadius: 999,
                  background: colors.accent,
                  color: colors.dark,
                  fontSize: 24,
                  fontWeight: 700,
                  textTransform: 'uppercase',
                  letterSpacing: 1.5,
                }}
              >
                {props.label}
              </div>
            </div>
          ) : null}
          <div
            style={{
              display: 'block',
              fontSize: long ? 50 : 62,
              fontWeight: 700,
              lineHeight: 1.12,
              letterSpacing: -1,
              lineClamp: 4,
            }}
          >
            {props.title}
          </div>
          {props.detail ? (
            <div style={{ display: 'flex', fontSize: 28, color: colors.light, lineHeight: 1.3 }}>{props.detail}</div>
          ) : null}
        </div>
        <div style={{ display: 'flex', alignItems: 'center', gap: 16, fontSize: 24, color: colors.muted }}>
          <div style={{ display: 'flex', width: 48, height: 6, borderRadius: 3, background: colors.accent }} />
          {props.host}
        </div>
      </div>
      {props.photo ? (
        <img
          src={props.photo}
          width={PHOTO_WIDTH}
          height={CARD_HEIGHT}
          style={{ width: PHOTO_WIDTH, height: CARD_HEIGHT, objectFit: 'cover' }}
          alt=""
        />
      ) : null}
    </div>
  );
}
