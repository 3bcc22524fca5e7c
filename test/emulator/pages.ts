/** The emulator's own HTML pages: the consent page and the error page. No scripts, all text escaped. */
import { escapeHtml } from './content.ts';
import type { Permission } from './permissions.ts';
import { PERMISSIONS } from './permissions.ts';

// Pages cannot run scripts or load anything; form-action is left open on purpose, because
// browsers apply it to the redirect after the form post, which goes to the application.
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

const STYLE = `body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
h1{font-size:1.4rem}ul{padding-left:1.2rem}li{margin:.5rem 0}code{background:#f0f0f0;padding:0 .2rem}
.buttons{display:flex;gap:1rem;margin-top:1.5rem}button{font-size:1rem;padding:.6rem 1.4rem;border-radius:.4rem;border:1px solid #555;cursor:pointer}
button[value=approve]{background:#d5343d;color:#fff;border-color:#d5343d}.error{border-left:4px solid #d5343d;padding-left:1rem}`;

function page(title: string, body: string, status: number): Response {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
  return new Response(html, { status, headers: PAGE_HEADERS });
}

export interface ConsentView {
  consentId: string;
  applicationName: string;
  userName: string;
  permissions: readonly Permission[];
  action: string;
}

export function consentPage(view: ConsentView): Response {
  const items = view.permissions
    .map((p) => `<li><strong>${escapeHtml(PERMISSIONS[p])}</strong><br><code>${escapeHtml(p)}</code></li>`)
    .join('\n');
  return page(
    `Give ${view.applicationName} access? - Digipost (emulator)`,
    `<h1>Give ${escapeHtml(view.applicationName)} access to your Digipost?</h1>
<p>Signed in as <strong>${escapeHtml(view.userName)}</strong>. The application <strong>${escapeHtml(view.applicationName)}</strong> asks for these permissions:</p>
<ul aria-label="Requested permissions">
${items}
</ul>
<p>You can remove the access at any time in your Digipost settings.</p>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="consent_id" value="${escapeHtml(view.consentId)}">
<div class="buttons">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline">Decline</button>
</div>
</form>`,
    200,
  );
}

/** Shown instead of redirecting when the redirect address itself cannot be trusted (contract §3.1). */
export function errorPage(title: string, message: string, status = 400): Response {
  return page(
    `${title} - Digipost (emulator)`,
    `<div class="error" role="alert"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>`,
    status,
  );
}
