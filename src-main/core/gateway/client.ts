// GatewayClient: the main process's one way to the gateway, composing transport, retry rule and both interfaces.
import { createCaller, defaultSleep, DEFAULT_TIMEOUTS, type CallOptions, type GatewayCaller, type GatewayEndpoints, type GatewayTimeouts, type RetryEvent } from './caller';
import * as legacy from './legacy';
import * as messaging from './messaging';
import type { MobileMessageRequest } from './messaging-schemas';
import type {
  EmailRequest,
  KeywordCheckRequest,
  KeywordCreateRequest,
  LegacySmsRequest,
  MosmsQuery,
  RefundRequest,
  UsageLabelsRequest,
} from './legacy-schemas';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';
import { createUndiciTransport, type Transport } from './transport';
import { computerClock } from '../clock';

interface CommonOptions {
  timeouts?: Partial<GatewayTimeouts> & { connectMs?: number };
  retry?: Partial<RetryPolicy>;
  /** Connections per origin (default 6, far below the 40 the legacy interface allows per address). */
  connections?: number;
  /** Tests replace the network, the clock and the dice. */
  transport?: Transport;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Told about every automatic retry, for the log. */
  onRetry?: (e: RetryEvent) => void;
  /** Resolves when an answer may be handed on (CallerDeps.answered). */
  answered?: () => Promise<void>;
}

export type GatewayClientOptions = CommonOptions &
  (
    | {
        /** Base addresses of both interfaces for the platform in use, read from settings at every call. */
        endpoints: () => GatewayEndpoints | Promise<GatewayEndpoints>;
        /** Reads the token from the vault at call time; it never leaves the main process. */
        token: () => Promise<string | null | undefined>;
      }
    | {
        /** Addresses and token together, for callers that resolve both at once. */
        target: () => Promise<GatewayEndpoints & { token: string | null | undefined }>;
      }
  );

export class GatewayClient {
  private readonly caller: GatewayCaller;
  private readonly transport: Transport;

  constructor(options: GatewayClientOptions) {
    this.transport =
      options.transport ??
      createUndiciTransport({
        ...(options.connections === undefined ? {} : { connections: options.connections }),
        ...(options.timeouts?.connectMs === undefined ? {} : { connectTimeoutMs: options.timeouts.connectMs }),
      });
    const target =
      'target' in options
        ? options.target
        : async () => {
            const [endpoints, token] = await Promise.all([options.endpoints(), options.token()]);
            return { ...endpoints, token };
          };
    this.caller = createCaller({
      transport: this.transport,
      target,
      timeouts: { ...DEFAULT_TIMEOUTS, ...stripUndefined(options.timeouts ?? {}) },
      retry: { ...DEFAULT_RETRY_POLICY, ...stripUndefined(options.retry ?? {}) },
      sleep: options.sleep ?? defaultSleep,
      random: options.random ?? Math.random,
      now: options.now ?? computerClock.now,
      ...(options.onRetry ? { onRetry: options.onRetry } : {}),
      ...(options.answered ? { answered: options.answered } : {}),
      userAgent: 'Besked',
    });
  }

  // Messaging interface

  /** Whether the messaging address answers and takes the token; sends nothing. */
  probeMessaging(options?: CallOptions) {
    return messaging.probe(this.caller, options);
  }

  sendSingle(message: MobileMessageRequest, options?: CallOptions) {
    return messaging.sendSingle(this.caller, message, options);
  }

  sendMulti(messages: MobileMessageRequest[], options?: CallOptions) {
    return messaging.sendMulti(this.caller, messages, options);
  }

  // Legacy interface

  sendMtsms(request: LegacySmsRequest, options?: CallOptions) {
    return legacy.sendMtsms(this.caller, request, options);
  }

  /** A /rest/mtsms body serialised by Besked's own campaign builder; see legacy.sendBuiltMtsms. */
  sendBuiltMtsms(json: string, options?: CallOptions) {
    return legacy.sendBuiltMtsms(this.caller, json, options);
  }

  getMtsms(id: number, options?: CallOptions) {
    return legacy.getMtsms(this.caller, id, options);
  }

  deleteScheduled(id: number, options?: CallOptions) {
    return legacy.deleteScheduled(this.caller, id, options);
  }

  refund(request: RefundRequest, options?: CallOptions) {
    return legacy.refund(this.caller, request, options);
  }

  listIncoming(query: MosmsQuery, options?: CallOptions) {
    return legacy.listIncoming(this.caller, query, options);
  }

  listAllIncoming(range: { from: string; to: string }, options?: CallOptions) {
    return legacy.listAllIncoming(this.caller, range, options);
  }

  lookupNumbers(msisdns: (string | number)[], options?: CallOptions) {
    return legacy.lookupNumbers(this.caller, msisdns, options);
  }

  me(options?: CallOptions) {
    return legacy.me(this.caller, options);
  }

  priceList(options?: CallOptions) {
    return legacy.priceList(this.caller, options);
  }

  priceListFile(format: 'csv' | 'xlsx', options?: CallOptions) {
    return legacy.priceListFile(this.caller, format, options);
  }

  usageByLabel(request: UsageLabelsRequest, options?: CallOptions) {
    return legacy.usageByLabel(this.caller, request, options);
  }

  listKeywords(options?: CallOptions) {
    return legacy.listKeywords(this.caller, options);
  }

  checkKeyword(request: KeywordCheckRequest, options?: CallOptions) {
    return legacy.checkKeyword(this.caller, request, options);
  }

  createKeyword(request: KeywordCreateRequest, options?: CallOptions) {
    return legacy.createKeyword(this.caller, request, options);
  }

  deleteKeyword(shortcode: number, keyword: string, options?: CallOptions) {
    return legacy.deleteKeyword(this.caller, shortcode, keyword, options);
  }

  sendEmail(request: EmailRequest, options?: CallOptions) {
    return legacy.sendEmail(this.caller, request, options);
  }

  /** Closes pooled connections; pending calls finish first. */
  close(): Promise<void> {
    return this.transport.close();
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  return new GatewayClient(options);
}
