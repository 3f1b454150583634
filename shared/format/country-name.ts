// Made on first use: building it loads ICU's region names (~0.1 s), which a CLI search never needs.
let names: Intl.DisplayNames | undefined;

/** "DE" → "Germany"; an unknown code is shown as itself. */
export function countryName(code: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
