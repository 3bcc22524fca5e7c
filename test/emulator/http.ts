/** Small HTTP helpers shared by the route modules: JSON answers, method dispatch, body parsing. */
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MEDIA_TYPE } from './config.ts';

export type Handler = (c: Context) => Response | Promise<Response>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function json(body: unknown, status: ContentfulStatusCode = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** API answers carry the vendor media type, as the real service's do. */
export function apiJson(body: unknown, status: ContentfulStatusCode = 200, headers: Record<string, string> = {}): Response {
  return json(body, status, { 'Content-Type': `${MEDIA_TYPE};charset=UTF-8`, ...headers });
}

export function apiError(status: ContentfulStatusCode, code: string, extra: Record<string, unknown> = {}): Response {
  return apiJson({ 'error-code': code, ...extra }, status);
}

/**
 * Registers one path with a handler per method, so any other method gets 405 with `Allow`
 * (HEAD follows GET, OPTIONS lists the methods) instead of falling through to 404.
 */
export function resource(app: Hono, path: string, handlers: Partial<Record<Method, Handler>>): void {
  const methods = Object.keys(handlers) as Method[];
  const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  app.all(path, async (c) => {
    const method = c.req.method === 'HEAD' ? 'GET' : (c.req.method as Method);
    if (c.req.method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: allow } });
    const handler = handlers[method];
    if (!handler) return json({ error: 'method_not_allowed', message: `${c.req.method} is not allowed here` }, 405, { Allow: allow });
    return handler(c);
  });
}

function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export type FormResult = { ok: true; form: URLSearchParams; duplicates: string[] } | { ok: false; reason: string };

/** Reads an application/x-www-form-urlencoded body; names that occur twice are reported. */
export async function readForm(c: Context): Promise<FormResult> {
  if (mediaTypeOf(c.req.header('content-type')) !== 'application/x-www-form-urlencoded') {
    return { ok: false, reason: 'The body must be application/x-www-form-urlencoded.' };
  }
  const form = new URLSearchParams(await c.req.text());
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const key of form.keys()) {
    if (seen.has(key)) duplicates.add(key);
    seen.add(key);
  }
  return { ok: true, form, duplicates: [...duplicates] };
}

export type JsonResult = { ok: true; value: unknown } | { ok: false; reason: string };

export async function readJson(c: Context, { emptyIsObject = false } = {}): Promise<JsonResult> {
  const text = await c.req.text();
  if (text.trim() === '' && emptyIsObject) return { ok: true, value: {} };
  const type = mediaTypeOf(c.req.header('content-type'));
  if (type !== 'application/json' && !/^application\/vnd\.[\w.-]+\+json$/.test(type)) {
    return { ok: false, reason: 'The body must be JSON (Content-Type application/json).' };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: 'The body is not valid JSON.' };
  }
}

/** True when the Accept header names `type` (parameters and q-values other than 0 allowed). */
export function accepts(header: string | undefined, type: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return name === type && (q === undefined || Number(q.slice(2)) > 0);
  });
}
