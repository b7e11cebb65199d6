/**
 * Which list the email app shows, read from and written to the URL (so a view can be linked and
 * survives a reload): `/apps/email` is the inbox, `/apps/email/<folder>` the other folders and
 * the starred view, `/apps/email/label/<label>` a label across every folder but trash; `?q=`
 * is the search and `?id=` the open email.
 */
import { EMAIL_LABELS, EMAIL_VIEWS, type EmailListParams, type TEmailLabel, type TEmailView } from '../schema.ts';

export const EMAIL_BASE = '/apps/email';

/** A folder view (the five folders and starred) or a label view. */
export type EmailScreenView = { kind: 'folder'; folder: TEmailView } | { kind: 'label'; label: TEmailLabel };

const isView = (value: string): value is TEmailView => (EMAIL_VIEWS as readonly string[]).includes(value);
const isLabel = (value: string): value is TEmailLabel => (EMAIL_LABELS as readonly string[]).includes(value);

/** The view of `pathname`, or null for a path the app does not know (it redirects to the inbox). */
export function parseEmailPath(pathname: string): EmailScreenView | null {
  const rest = pathname.replace(/\/+$/, '').slice(EMAIL_BASE.length).split('/').filter(Boolean);
  if (rest.length === 0) return { kind: 'folder', folder: 'inbox' };
  const [first = '', second = ''] = rest;
  if (rest.length === 1 && isView(first)) return { kind: 'folder', folder: first };
  if (rest.length === 2 && first === 'label' && isLabel(second)) return { kind: 'label', label: second };
  return null;
}

/** The path of a view (the inbox is the app's own path). */
export function pathOfView(view: EmailScreenView): string {
  if (view.kind === 'label') return `${EMAIL_BASE}/label/${view.label}`;
  return view.folder === 'inbox' ? EMAIL_BASE : `${EMAIL_BASE}/${view.folder}`;
}

/** The list call's params of a view: a label view spans every folder but trash (`folder=`). */
export function listParamsOf(view: EmailScreenView, q: string): EmailListParams {
  const params: EmailListParams = view.kind === 'label' ? { folder: '', label: view.label } : { folder: view.folder };
  if (q.trim()) params.q = q.trim();
  return params;
}

/** Whether two views are the same list. */
export function sameView(a: EmailScreenView, b: EmailScreenView): boolean {
  return pathOfView(a) === pathOfView(b);
}
