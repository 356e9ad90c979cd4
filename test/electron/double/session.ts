// The double of Electron's session: the default session's webRequest.onHeadersReceived (one listener,
// which may rewrite every response's headers) and its permission request handler.
import type { WebContents } from './web-contents';

export type Headers = Record<string, string[]>;
export interface HeadersReceivedDetails {
  id: number;
  url: string;
  method: string;
  resourceType: string;
  statusCode: number;
  responseHeaders: Headers;
}
export interface HeadersReceivedResponse {
  cancel?: boolean;
  responseHeaders?: Headers;
  statusLine?: string;
}
type HeadersListener = (details: HeadersReceivedDetails, callback: (response: HeadersReceivedResponse) => void) => void;
type PermissionHandler = (contents: WebContents | null, permission: string, callback: (granted: boolean) => void, details: object) => void;

let nextRequest = 1;

export class WebRequest {
  private headersListener: HeadersListener | null = null;

  /** As in Electron: (listener) or (filter, listener); null removes it. Only one listener at a time. */
  onHeadersReceived(filterOrListener: object | HeadersListener | null, listener?: HeadersListener | null) {
    this.headersListener = (typeof filterOrListener === 'function' ? (filterOrListener as HeadersListener) : listener) ?? null;
  }

  /** What the network stack does with a response's headers before the page sees them. */
  receive(url: string, responseHeaders: Headers, resourceType = 'mainFrame'): Promise<{ cancel: boolean; responseHeaders: Headers }> {
    const listener = this.headersListener;
    if (!listener) return Promise.resolve({ cancel: false, responseHeaders });
    const details = { id: nextRequest++, url, method: 'GET', resourceType, statusCode: 200, responseHeaders: structuredClone(responseHeaders) };
    return new Promise((done) =>
      listener(details, (r) => done({ cancel: r.cancel === true, responseHeaders: r.responseHeaders ?? responseHeaders })),
    );
  }
}

export class Session {
  readonly webRequest = new WebRequest();
  private permissionHandler: PermissionHandler | null = null;

  setPermissionRequestHandler(handler: PermissionHandler | null) {
    this.permissionHandler = handler;
  }

  /** A page asking for a permission; Electron grants everything when no handler is set. */
  requestPermission(contents: WebContents | null, permission: string): Promise<boolean> {
    const handler = this.permissionHandler;
    if (!handler) return Promise.resolve(true);
    return new Promise((done) => handler(contents, permission, done, {}));
  }
}

export const session = { defaultSession: new Session() };
