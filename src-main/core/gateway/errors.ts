// The gateway's typed errors: one class per kind of failure, each saying whether the gateway may have accepted the request.
import { BeskedError } from '../errors';
import type { ErrorKind, FieldIssue } from '../../../src-shared/errors';
import type { Coded } from '../../../src-shared/error-codes';

interface GatewayErrorExtra extends Partial<Coded> {
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

/** One class per kind of failure, all of the same shape: a kind, a name, a message and the extra. */
function gatewayErrorClass(kind: ErrorKind, name: string) {
  return class extends GatewayError {
    constructor(message: string, extra: GatewayErrorExtra) {
      super(kind, message, extra);
      this.name = name;
    }
  };
}

export class ValidationError extends gatewayErrorClass('validation', 'ValidationError') {
  declare readonly fields: FieldIssue[];

  constructor(message: string, extra: Omit<GatewayErrorExtra, 'fields'> & { fields: FieldIssue[] }) {
    super(message, extra);
  }
}

export class AuthError extends gatewayErrorClass('auth', 'AuthError') {}

/** The account may not use this feature (keywords, email and number lookup need an agreement). */
export class NotEnabledError extends gatewayErrorClass('not_enabled', 'NotEnabledError') {}

/** The account lacks the credit for the request (legacy 402); the gateway refused it. */
export class InsufficientCredit extends gatewayErrorClass('limit', 'InsufficientCredit') {}

/** The request clashes with the current state at the gateway (a message that is not scheduled, a keyword taken). */
export class ConflictError extends gatewayErrorClass('conflict', 'ConflictError') {}

export class NotFound extends gatewayErrorClass('not_found', 'NotFound') {}

export class RateLimited extends gatewayErrorClass('rate_limited', 'RateLimited') {}

export class ServerError extends gatewayErrorClass('server', 'ServerError') {}

export class NetworkError extends gatewayErrorClass('network', 'NetworkError') {
  /** Node/undici error code (ECONNREFUSED, UND_ERR_HEADERS_TIMEOUT, ...), for logs and retry decisions; `code` is the translatable one. */
  readonly transportCode: string | undefined;

  constructor(message: string, extra: GatewayErrorExtra & { transportCode?: string }) {
    super(message, extra);
    this.transportCode = extra.transportCode;
  }
}

/** The gateway answered something its spec does not allow; `fields` names the paths that did not match. */
export class GatewayProtocolError extends gatewayErrorClass('protocol', 'GatewayProtocolError') {}

/** The caller cancelled the request (for example a paused campaign). */
export class CancelledError extends gatewayErrorClass('cancelled', 'CancelledError') {}

/** Renders a path like ['messages', 3, 'recipient'] as `messages[3].recipient`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? p : `.${p}`;
  }
  return out === '' ? '(the whole body)' : out;
}
