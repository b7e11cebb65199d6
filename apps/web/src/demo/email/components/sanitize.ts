/**
 * Email bodies are HTML from outside (sanitised before display). DOMPurify keeps
 * formatting and links and drops scripts, event handlers, forms and `javascript:` URLs; links
 * open in a new tab without access to this page. A DOMPurify instance of our own carries that
 * link hook, so no other user of DOMPurify in the app gets it.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

let purifier: Purifier | null = null;

function emailPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/** `html` safe to put in the page with `dangerouslySetInnerHTML`. */
export function sanitizeEmailHtml(html: string): string {
  return emailPurifier().sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}
