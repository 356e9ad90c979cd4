// The gateway's typed errors: one class per kind of failure, each saying whether the gateway may have accepted the request.
import { BeskedError } from '../errors';
import type { ErrorKind, FieldIssue } from '../../../src-shared/errors';

interface GatewayErrorExtra {
  /** Whether the gateway may have accepted (and acted on) the request despite the error. */
  maybeAccepted: boolean;
  status?: number;
  fields?: FieldIssue[];
  retryAfterS?: number;
  cause?: unknown;
}

/** Common base so callers can `instanceof GatewayError` and rely on maybeAccepted being a boolean. */
export abstract class GatewayError extends BeskedError {
  declare readonly maybeAccepted: boolean;

  protected constructor(kind: ErrorKind, message: string, extra: GatewayErrorExtra) {
    super(kind, message, extra);
  }
}

export class ValidationError extends GatewayError {
  declare readonly fields: FieldIssue[];

  constructor(message: string, extra: Omit<GatewayErrorExtra, 'fields'> & { fields: FieldIssue[] }) {
    super('validation', message, extra);
    this.name = 'ValidationError';
  }
}

export class AuthError extends GatewayError {
  constructor(message: string, extra: GatewayErrorExtra) {
    super('auth', message, extra);
    this.name = 'AuthError';
  }
}

/** The account may not use this feature (keywords, email and number lookup need an agreement). */
export class NotEnabledError extends GatewayError {
  constructor(message: string, extra: GatewayErrorExtra) {
    super('not_enabled', message, extra);
    this.name = 'NotEnabledError';
  }
}

/** The account lacks the credit for the request (legacy 402); the gateway refused it. */
export class InsufficientCredit extends GatewayError {
  constructor(message: string, extra: GatewayErrorExtra) {
    super('limit', message, extra);
    this.name = 'InsufficientCredit';
  }
}

/** The request clashes with the current state at the gateway (a message that is not scheduled, a keyword taken). */
export class ConflictError extends GatewayError {
  constructor(message: string, extra: GatewayErrorExtra) {
    super('conflict', message, extra);
    this.name = 'ConflictError';
  }
}

export class NotFound extends GatewayError {
  constructor(message: string, extra: GatewayErrorExtra) {
    super('not_found', message, extra);
    this.name = 'NotFound';
  }
}

export class RateLimited extends GatewayError {
  constructor(message: string, extra: GatewayErrorExtra) {
    super('rate_limited', message, extra);
    this.name = 'RateLimited';
  }
}

export class ServerError extends GatewayError {
  constructor(message: string, extra: GatewayErrorExtra) {
    super('server', message, extra);
    this.name = 'ServerError';
  }
}

export class NetworkError extends GatewayError {
  /** Node/undici error code (ECONNREFUSED, UND_ERR_HEADERS_TIMEOUT, ...), for logs and retry decisions. */
  readonly code: string | undefined;

  constructor(message: string, extra: GatewayErrorExtra & { code?: string }) {
    super('network', message, extra);
    this.name = 'NetworkError';
    this.code = extra.code;
  }
}

/** The gateway answered something its spec does not allow; `fields` names the paths that did not match. */
export class GatewayProtocolError extends GatewayError {
  constructor(message: string, extra: GatewayErrorExtra) {
    super('protocol', message, extra);
    this.name = 'GatewayProtocolError';
  }
}

/** The caller cancelled the request (for example a paused campaign). */
export class CancelledError extends GatewayError {
  constructor(message: string, extra: GatewayErrorExtra) {
    super('cancelled', message, extra);
    this.name = 'CancelledError';
  }
}

/** Renders a path like ['messages', 3, 'recipient'] as `messages[3].recipient`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? p : `.${p}`;
  }
  return out === '' ? '(the whole body)' : out;
}
