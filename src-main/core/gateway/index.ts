// Public face of the gateway client: what the rest of the main process may use.
export { GatewayClient, createGatewayClient, type GatewayClientOptions } from './client';
export type { CallOptions, GatewayEndpoints, GatewayTimeouts, RetryEvent } from './caller';
export {
  GatewayError,
  ValidationError,
  AuthError,
  NotEnabledError,
  NotFound,
  RateLimited,
  ServerError,
  NetworkError,
  GatewayProtocolError,
  CancelledError,
  ConflictError,
  InsufficientCredit,
} from './errors';
export { classifyOperation, decideRetry, DEFAULT_RETRY_POLICY, type OperationKind, type RetryPolicy } from './retry';
export { verifyMessagingSignature, verifyLegacySignature, type VerifyResult, type HeaderBag } from './webhook-verify';
export { parseWebhookEvent, type WebhookEvent, type WebhookParse } from './messaging-schemas';
export type { MobileMessageRequest, MobileMessageResponse, MultiMobileMessageResponse, SmsStatusEvent, RcsStatusEvent } from './messaging-schemas';
export {
  LegacyDeliveryCallback,
  IncomingSmsCallback,
  EmailCallback,
  type Account,
  type SendResponse,
  type StoredMessage,
  type IncomingSms,
  type MosmsPage,
  type HlrResponse,
  type PriceList,
  type UsageLabelItem,
  type Keyword,
  type KeywordCreated,
  type KeywordCheck,
  type EmailRequest,
  type EmailResponse,
  type LegacySmsMessage,
  type LegacySmsRequest,
} from './legacy-schemas';
