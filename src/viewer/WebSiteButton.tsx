import { t } from '../shared/i18n.ts';
import { ExternalIcon } from '../ui/icons.tsx';
import { openTab } from '../ui/open-tab.ts';

/** The service's own web app, where a stronger login (and everything else) is possible. */
function webSiteUrl(serviceOrigin: string): string {
  return `${serviceOrigin}/app/`;
}

/** The way forward for what the extension does not do: the service's web site, in a new tab. */
export function WebSiteButton(props: { serviceOrigin: string }) {
  return (
    <button type="button" onClick={() => void openTab(webSiteUrl(props.serviceOrigin), props.serviceOrigin)}>
      <ExternalIcon />
      {t('open_on_web_site')}
    </button>
  );
}
