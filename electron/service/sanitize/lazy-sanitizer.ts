export type Sanitize = (html: string) => string;

let loading: Promise<Sanitize> | undefined;

/**
 * The description sanitizer, loaded on first use: sanitize-html and its parser are the largest
 * part of the services' import time, and only a job detail needs them, so a process that starts
 * and answers a search first (the app, `jobindex search`) does not pay for them. Everything that
 * sanitizes (Get, saving a job, sync's refresh of saved snapshots) goes through here.
 */
export function loadSanitizer(): Promise<Sanitize> {
  return (loading ??= import('./sanitize-description.js').then((m) => m.sanitizeDescription));
}
