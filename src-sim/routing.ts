// The route table shape shared by the interfaces: what a handler gets, what it answers, and path matching.
import type { IncomingHttpHeaders } from 'node:http';
import type { Platform } from './platform';

/** Which authentication rules apply to a route. */
export type AuthScheme =
  | 'messaging' // Token header only; 403 otherwise
  | 'legacy' // Token header, Basic (token as user name) or token= parameter; 403 otherwise
  | 'legacy-401' // as legacy, but an invalid key is 401 (GET /rest/me)
  | 'control' // Token header, as messaging
  | 'none';

export interface RouteContext {
  platform: Platform;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  params: Record<string, string>;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** A string or Buffer is sent as is; anything else as JSON. Undefined sends no body. */
  body?: unknown;
}

export type Handler = (ctx: RouteContext) => Reply | Promise<Reply>;

export interface Route {
  method: string;
  /** Path with `:name` segments, e.g. /rest/mtsms/:id. */
  path: string;
  auth: AuthScheme;
  handler: Handler;
}

interface CompiledRoute extends Route {
  regex: RegExp;
  keys: string[];
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: string[] }
  | { kind: 'none' };

export class Router {
  private readonly routes: CompiledRoute[] = [];

  add(routes: readonly Route[]): this {
    for (const r of routes) {
      const keys: string[] = [];
      const pattern = r.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, k: string) => {
        keys.push(k);
        return '([^/]+)';
      });
      this.routes.push({ ...r, regex: new RegExp(`^${pattern}/?$`), keys });
    }
    return this;
  }

  match(method: string, path: string): RouteMatch {
    const allowed: string[] = [];
    for (const r of this.routes) {
      const m = r.regex.exec(path);
      if (!m) continue;
      if (r.method !== method) {
        allowed.push(r.method);
        continue;
      }
      const params: Record<string, string> = {};
      r.keys.forEach((k, i) => {
        params[k] = safeDecode(m[i + 1]!);
      });
      return { kind: 'found', route: r, params };
    }
    return allowed.length ? { kind: 'wrong-method', allowed } : { kind: 'none' };
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return headers ? { status, body, headers } : { status, body };
}

/** Thrown by a handler to answer with a ready reply (control API errors and the like). */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`reply ${reply.status}`);
  }
}
