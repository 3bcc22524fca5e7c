import { e2eConfig } from './e2e-config.ts';

// `npm run test:e2e`: the end-to-end suite in real Chromium (Debian's chromium).
export default e2eConfig('chromium');
