import { useRoute } from '../../state/route-store.js';

/** Where a message needs a setting: a link to the Settings screen that fixes it. */
export function SettingsLink({ text }: { text: string }) {
  const go = useRoute((s) => s.go);
  return (
    <a
      href="#/settings"
      onClick={(e) => {
        e.preventDefault();
        go({ view: 'settings' });
      }}
    >
      {text}
    </a>
  );
}
