import { e2eConfig } from './e2e-config.ts';

// `npm run test:firefox`: the end-to-end suite in real Firefox (Debian's firefox-esr).
export default e2eConfig('firefox');
