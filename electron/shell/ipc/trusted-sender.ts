import { isAppUrl } from '#shared/ipc/app-origin';

/** The parts of Electron's IpcMainInvokeEvent the check reads (kept structural so it runs in Node). */
export interface IpcSender {
  sender: { id: number };
  senderFrame: { url: string } | null;
}

/**
 * Main answers only our own windows showing our own pages: the web contents must be one main
 * created, and the frame that sent the message must be on the app's origin. A page that got
 * navigated elsewhere (or an iframe from anywhere else) is refused.
 */
export function isTrustedSender(event: IpcSender, ownWebContents: ReadonlySet<number>): boolean {
  if (!ownWebContents.has(event.sender.id)) return false;
  const frame = event.senderFrame;
  return frame !== null && isAppUrl(frame.url);
}
