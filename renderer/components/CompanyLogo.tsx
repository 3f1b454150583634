import { useState } from 'react';

/** The company's logo, or its initials when there is none or it cannot load (offline). */
export function CompanyLogo({ name, url, size = 'md' }: { name: string; url?: string | undefined; size?: 'sm' | 'md' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  if (!url || failed) {
    return (
      <span className={`logo logo--${size} logo--initials`} aria-hidden="true">
        {initials}
      </span>
    );
  }
  return <img className={`logo logo--${size}`} src={url} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
}
