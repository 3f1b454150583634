import { useMemo } from 'react';
import { descriptionHtml } from '../sanitize/description-html.js';

/** A job's HTML description, sanitized again here with the shared allowlist before it touches the DOM. */
export function Description({ html }: { html: string }) {
  const clean = useMemo(() => descriptionHtml(html), [html]);
  return <div className="description" data-testid="description" dangerouslySetInnerHTML={{ __html: clean }} />;
}
