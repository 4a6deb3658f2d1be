/** The site whose name, host and colours the card tests draw. */
export const cardSite = {
  name: 'Baseline Tennis',
  host: 'www.baselinetennis.nl',
  colors: { dark: '#0b2545', light: '#f4f1ea', accent: '#d4a72c', muted: '#a9b4c2' },
};
