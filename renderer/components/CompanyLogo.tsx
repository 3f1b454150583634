import { useState } from 'react';

/**
 * A logo the app itself serves (same origin or data:); a third-party URL is never loaded, so no
 * other host learns which companies a person looks at (docs/decisions/crawl.md § Logos).
 */
function ownImage(url: string | undefined): boolean {
  if (!url) return false;
  if (url.startsWith('data:image/')) return true;
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** The company's logo when the app holds it, else its initials (also when it cannot load). */
export function CompanyLogo({
  name,
  url,
  size = 'md',
}: {
  name: string;
  url?: string | undefined;
  size?: 'sm' | 'md' | 'lg';
}) {
  const [failed, setFailed] = useState(false);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  if (!ownImage(url) || failed) {
    return (
      <span className={`logo logo--${size} logo--initials`} aria-hidden="true">
        {initials}
      </span>
    );
  }
  return (
    <img
      className={`logo logo--${size}`}
      src={url}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}
