/**
 * The one time zone every browser of `npm start` and `npm run screenshots` runs in, Chromium and
 * Firefox alike: the demo user's own, so every picture of the README and the gallery shows a
 * letter at the same time of day, whatever zone the machine taking them is in.
 */
export const PICTURE_TIME_ZONE = 'Europe/Oslo';
