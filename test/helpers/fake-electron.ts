// A stand-in for the `electron` module (no Electron binary can run here), with the API the main
// process uses. It records what main asks of it, so tests can check the order and the wiring, and
// lets a plain Node process run the app's main process: the shell tests mock `electron` with it,
// and the cold-start bench installs it as node_modules/electron beside the bundled app.
// `app.getPath('userData')` is `state.userData`, from JOBINDEX_FAKE_USER_DATA when set.

type Listener = (...args: any[]) => unknown;

export const calls: string[] = [];
const appEvents = new Map<string, Listener[]>();
/** ipcMain's handlers, by channel. */
export const ipc = new Map<string, Listener>();
export const windows: BrowserWindow[] = [];
/** URLs handed to the system browser. */
export const opened: string[] = [];
export const state = {
  lock: true,
  userData: process.env.JOBINDEX_FAKE_USER_DATA ?? '',
  protocolHandler: undefined as undefined | ((r: Request) => Promise<Response>),
};

export function emitter() {
  const on = new Map<string, Listener[]>();
  return {
    on(name: string, f: Listener) {
      on.set(name, [...(on.get(name) ?? []), f]);
      return this;
    },
    once(name: string, f: Listener) {
      return this.on(name, f);
    },
    emit(name: string, ...args: unknown[]) {
      return (on.get(name) ?? []).map((f) => f(...args));
    },
  };
}

/** Runs the app's listeners for `name`, as Electron would on that event. */
export const emitApp = (name: string, ...args: unknown[]) => (appEvents.get(name) ?? []).map((f) => f(...args));

let nextId = 1;
export class BrowserWindow {
  static getAllWindows = () => windows;
  readonly events = emitter();
  readonly webContents = { id: nextId++, ...emitter() };
  url = '';
  constructor(readonly options: any) {
    calls.push('new BrowserWindow');
    windows.push(this);
  }
  on(n: string, f: Listener) {
    this.events.on(n, f);
  }
  once(n: string, f: Listener) {
    this.events.on(n, f);
  }
  maximize() {}
  show() {}
  loadURL(url: string) {
    this.url = url;
    return Promise.resolve();
  }
  getNormalBounds() {
    return { x: 40, y: 50, width: 1000, height: 700 };
  }
  isMaximized = () => false;
  isDestroyed = () => false;
  isMinimized = () => false;
  focus() {}
  restore() {}
}

export const app = {
  name: 'Job Index',
  isPackaged: false,
  enableSandbox: () => calls.push('enableSandbox'),
  requestSingleInstanceLock: () => state.lock,
  quit: () => calls.push('quit'),
  whenReady: () => {
    calls.push('whenReady');
    return Promise.resolve();
  },
  getPath: (name: string) => (name === 'userData' ? state.userData : '/nowhere'),
  on: (name: string, f: Listener) => appEvents.set(name, [...(appEvents.get(name) ?? []), f]),
};
export const Menu = {
  buildFromTemplate: (t: unknown) => t,
  setApplicationMenu: () => calls.push('setApplicationMenu'),
};
export const net = { fetch: () => Promise.resolve(new Response('file', { headers: { 'content-type': 'text/html' } })) };
export const protocol = {
  registerSchemesAsPrivileged: (schemes: unknown) =>
    calls.push(`registerSchemesAsPrivileged ${JSON.stringify(schemes)}`),
  handle: (scheme: string, h: (r: Request) => Promise<Response>) => {
    calls.push(`protocol.handle ${scheme}`);
    state.protocolHandler = h;
  },
};
export const ipcMain = { handle: (channel: string, f: Listener) => ipc.set(channel, f) };
export const session = {
  defaultSession: {
    permissionRequest: undefined as Listener | undefined,
    permissionCheck: undefined as Listener | undefined,
    setPermissionRequestHandler(f: Listener) {
      this.permissionRequest = f;
    },
    setPermissionCheckHandler(f: Listener) {
      this.permissionCheck = f;
    },
    setDevicePermissionHandler() {},
  },
};
export const safeStorage = {
  isEncryptionAvailable: () => true,
  encryptString: (t: string) => Buffer.from(`sealed:${t}`),
  decryptString: (b: Buffer) => b.toString().replace(/^sealed:/, ''),
};
export const shell = { openExternal: (url: string) => (opened.push(url), Promise.resolve()) };
/** The export's save dialog: records what it was asked and answers Cancel. */
export const dialog = {
  asked: [] as unknown[],
  showSaveDialog(...args: unknown[]) {
    this.asked.push(args);
    return Promise.resolve({ canceled: true, filePath: '' });
  },
};
export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
  getPrimaryDisplay: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
};
/** Desktop notifications shown (search alerts), each with its click handler. */
export const notifications: Array<{ title: string; body: string; click: () => void }> = [];
export class Notification {
  static isSupported = () => true;
  private readonly handlers = new Map<string, () => void>();
  constructor(readonly options: { title: string; body: string }) {}
  on(event: string, f: () => void): this {
    this.handlers.set(event, f);
    return this;
  }
  show(): void {
    notifications.push({ ...this.options, click: () => this.handlers.get('click')?.() });
  }
}
