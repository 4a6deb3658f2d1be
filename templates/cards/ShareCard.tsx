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
  /**
   * Only a part of the card (cli/build/cards.ts draws them apart): 'frame' is all but the page's
   * text (the same on every card of a site, drawn once), 'text' the label, title and detail alone
   * on a transparent box the size of `textBox`. Without it, the whole card.
   */
  part?: 'frame' | 'text';
}

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const PHOTO_WIDTH = 440;
/**
 * How much of it shows: its middle, beside the text. (The width satori gave the photo when it was
 * left to the flex layout; fixed so that the text's box does not depend on the photo's shape.)
 */
const PHOTO_SHOWN = 390;
const PADDING = { top: 64, right: 64, bottom: 56, left: 72 };
const HEADER_HEIGHT = 44;
const FOOTER_HEIGHT = 29;
/** Characters of the longest word that fit a line beside the photo at the title's larger size. */
const LONG_WORD = 17;

/** Where the page's text goes on the card: between the header and the footer, beside the photo. */
export function textBox(props: Pick<ShareCardProps, 'photo'>) {
  const top = PADDING.top + HEADER_HEIGHT;
  return {
    left: PADDING.left,
    top,
    // satori sizes a box without its padding.
    width: (props.photo ? CARD_WIDTH - PHOTO_SHOWN : CARD_WIDTH) - PADDING.left - PADDING.right,
    height: CARD_HEIGHT - PADDING.bottom - FOOTER_HEIGHT - top,
  };
}

export function ShareCard(props: ShareCardProps) {
  const { colors } = props;
  // A long title, or one with a word (a Dutch compound) too wide for a line at the larger size.
  const small = props.title.length > 60 || props.title.split(' ').some((word) => word.length > LONG_WORD);
  const text = (
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
          fontSize: small ? 50 : 62,
          fontWeight: 700,
          lineHeight: 1.12,
          letterSpacing: -1,
          lineClamp: 4,
          // A word wider than the line even so is broken, not left to run under the photo.
          overflowWrap: 'break-word',
        }}
      >
        {props.title}
      </div>
      {props.detail ? (
        <div style={{ display: 'flex', fontSize: 28, color: colors.light, lineHeight: 1.3 }}>{props.detail}</div>
      ) : null}
    </div>
  );
  if (props.part === 'text') {
    const box = textBox(props);
    return (
      <div
        lang={props.locale}
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          width: box.width,
          height: box.height,
          fontFamily: 'Inter',
          color: '#ffffff',
        }}
      >
        {text}
      </div>
    );
  }
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
          width: textBox(props).width,
          flexShrink: 0,
          padding: `${PADDING.top}px ${PADDING.right}px ${PADDING.bottom}px ${PADDING.left}px`,
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 18, height: HEADER_HEIGHT }}>
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
        <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', flexGrow: 1 }}>
          {props.part === 'frame' ? null : text}
        </div>
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 16,
            height: FOOTER_HEIGHT,
            fontSize: 24,
            color: colors.muted,
          }}
        >
          <div style={{ display: 'flex', width: 48, height: 6, borderRadius: 3, background: colors.accent }} />
          {props.host}
        </div>
      </div>
      {props.photo ? (
        <img
          src={props.photo}
          width={PHOTO_SHOWN}
          height={CARD_HEIGHT}
          style={{ width: PHOTO_SHOWN, height: CARD_HEIGHT, flexShrink: 0, objectFit: 'cover' }}
          alt=""
        />
      ) : null}
    </div>
  );
}
