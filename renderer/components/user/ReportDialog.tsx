import { timestampMs } from '@bufbuild/protobuf/wkt';
import { useEffect, useRef, useState } from 'react';
import { REPORT_MESSAGE_MAX_CHARS, REPORT_TYPES_NEEDING_MESSAGE } from '#shared/rules/report';
import { REPORT_TYPES, type ReportType } from '#shared/rules/vocabulary';
import { reportsClient } from '../../api/clients.js';
import { userErrorText } from '../../api/user-error.js';
import { useDialogButton } from '../../hooks/use-dialog-button.js';
import { OUTBOX_STATE_WORDS, REPORT_TYPE_WORDS } from './report-words.js';

/** "Report" on a job: opens the report dialog for it. */
export function ReportButton({ jobId, title }: { jobId: string; title: string }) {
  const { open, button, show, close } = useDialogButton();
  return (
    <>
      <button ref={button} type="button" className="button" onClick={show}>
        Report
      </button>
      {open && <ReportDialog jobId={jobId} title={title} onClose={close} />}
    </>
  );
}

/**
 * The spec's 8 report types and a message. The report goes to the outbox at once (offline is
 * normal) and the dialog says what state it is in; the Reports screen follows it from there.
 */
function ReportDialog({ jobId, title, onClose }: { jobId: string; title: string; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [type, setType] = useState<ReportType | undefined>();
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  // Sent: the form (and its focused button) gives way to the outcome; focus moves to its Close.
  useEffect(() => {
    if (done) closeButton.current?.focus();
  }, [done]);
  const needsMessage = type !== undefined && REPORT_TYPES_NEEDING_MESSAGE.includes(type);

  const submit = async () => {
    if (!type) return setError('Choose what is wrong with this job.');
    if (needsMessage && message.trim() === '') return setError('Say what is wrong in the message.');
    setBusy(true);
    setError('');
    try {
      const asked = Date.now();
      const r = await reportsClient.create({ jobId, type, ...(message.trim() ? { message } : {}) });
      const state = r.report?.state ?? 'queued';
      // The same report still waiting answers instead of a second one (issue 31 item 10).
      const again = r.report?.createdAt && timestampMs(r.report.createdAt) < asked - 1000;
      setDone(
        again
          ? `You already reported this, and it still waits in the outbox (${(OUTBOX_STATE_WORDS[state] ?? state).toLowerCase()}). It is kept once and sent once.`
          : state === 'sent'
            ? 'Report sent.'
            : `Report ${(OUTBOX_STATE_WORDS[state] ?? state).toLowerCase()}: it waits in the outbox and is sent when the job index service answers.${
                type === 'expired' ? ' The job is hidden from your results.' : ''
              }`,
      );
    } catch (e) {
      setError(userErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog report-dialog" aria-labelledby="report-title" onClose={onClose}>
      <h2 id="report-title">Report a problem</h2>
      <p className="muted">{title}</p>
      {done ? (
        <>
          <p role="status">{done}</p>
          <p>
            <a href="#/reports" onClick={onClose}>
              See your reports
            </a>
          </p>
          <button ref={closeButton} type="button" className="button" onClick={onClose}>
            Close
          </button>
        </>
      ) : (
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <fieldset className="field report-types">
            <legend>What is wrong?</legend>
            {REPORT_TYPES.map((t) => (
              <label key={t} className="radio">
                <input
                  type="radio"
                  name="report-type"
                  value={t}
                  checked={type === t}
                  onChange={() => (setType(t), setError(''))}
                />
                {REPORT_TYPE_WORDS[t]}
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span>Message{needsMessage ? ' (required)' : ' (optional)'}</span>
            <textarea
              rows={3}
              maxLength={REPORT_MESSAGE_MAX_CHARS}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </label>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog__buttons">
            <button type="submit" className="button button--primary" disabled={busy}>
              Send report
            </button>
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
