import type { ReportType } from '#shared/rules/vocabulary';

/** The spec's report types in the words the dialog offers. */
export const REPORT_TYPE_WORDS: Record<ReportType, string> = {
  expired: 'The job is no longer open',
  broken_apply: 'The apply link is broken',
  wrong_company: 'Wrong company',
  wrong_location: 'Wrong location',
  duplicate: 'Duplicate of another job',
  spam: 'Spam or a scam',
  bad_format: 'Badly formatted',
  other: 'Something else (say what)',
};

/** An outbox state in words (the service's states: docs/decisions/report-outbox.md). */
export const OUTBOX_STATE_WORDS: Record<string, string> = {
  queued: 'Queued',
  sent: 'Sent',
  // Not a failure: it is sent once the person signs in (below).
  needs_sign_in: 'Waiting: sign in to send',
  blocked: 'Blocked: e-mail not verified',
  rejected: 'Failed: rejected',
};
