const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "DE" → "Germany"; an unknown code is shown as itself. */
export function countryName(code: string): string {
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
