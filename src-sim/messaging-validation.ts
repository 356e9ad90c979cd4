// Field rules of the messaging interface's request bodies, reported as the spec's 422 validation error items.
import { characterCount, MAX_MESSAGE_CHARS } from '../src-shared/sms/segments';
import { parseExpiration } from './expiration';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/** A message request that passed every rule. */
export interface ValidMessage {
  sender: string;
  recipient: number;
  message: string;
  reference: string | null;
  label: string | null;
  priority: 'normal' | 'urgent';
  expiresAt: number;
}

export const LIMITS = {
  senderMin: 3,
  senderMax: 18,
  recipientGt: 1000,
  recipientLe: 999_999_999_999_999,
  labelMax: 128,
  batchMin: 1,
  batchMax: 1000,
} as const;

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const NOT_OBJECT = 'Input should be a valid dictionary or object to extract fields from';

/** Validates one message object at `loc`; pushes issues and returns the message when it has none. */
export function validateMessage(input: unknown, loc: (string | number)[], now: number, issues: ValidationIssue[]): ValidMessage | null {
  if (!isObject(input)) {
    issues.push({ loc, msg: NOT_OBJECT, type: 'model_attributes_type', input });
    return null;
  }
  const before = issues.length;
  const at = (field: string) => [...loc, field];

  const sender = input['sender'];
  if (sender === undefined) issues.push({ loc: at('sender'), msg: 'Field required', type: 'missing', input });
  else if (typeof sender !== 'string') issues.push({ loc: at('sender'), msg: 'Input should be a valid string', type: 'string_type', input: sender });
  else {
    const n = characterCount(sender);
    if (n < LIMITS.senderMin)
      issues.push({
        loc: at('sender'),
        msg: `String should have at least ${LIMITS.senderMin} characters`,
        type: 'string_too_short',
        input: sender,
        ctx: { min_length: LIMITS.senderMin },
      });
    else if (n > LIMITS.senderMax)
      issues.push({
        loc: at('sender'),
        msg: `String should have at most ${LIMITS.senderMax} characters`,
        type: 'string_too_long',
        input: sender,
        ctx: { max_length: LIMITS.senderMax },
      });
  }

  const recipient = input['recipient'];
  if (recipient === undefined) issues.push({ loc: at('recipient'), msg: 'Field required', type: 'missing', input });
  else if (typeof recipient !== 'number' || !Number.isFinite(recipient))
    issues.push({ loc: at('recipient'), msg: 'Input should be a valid integer', type: 'int_type', input: recipient });
  else if (!Number.isInteger(recipient))
    issues.push({
      loc: at('recipient'),
      msg: 'Input should be a valid integer, got a number with a fractional part',
      type: 'int_from_float',
      input: recipient,
    });
  else if (recipient <= LIMITS.recipientGt)
    issues.push({
      loc: at('recipient'),
      msg: `Input should be greater than ${LIMITS.recipientGt}`,
      type: 'greater_than',
      input: recipient,
      ctx: { gt: LIMITS.recipientGt },
    });
  else if (recipient > LIMITS.recipientLe)
    issues.push({
      loc: at('recipient'),
      msg: `Input should be less than or equal to ${LIMITS.recipientLe}`,
      type: 'less_than_equal',
      input: recipient,
      ctx: { le: LIMITS.recipientLe },
    });

  const message = input['message'];
  if (message === undefined) issues.push({ loc: at('message'), msg: 'Field required', type: 'missing', input });
  else if (typeof message !== 'string') issues.push({ loc: at('message'), msg: 'Input should be a valid string', type: 'string_type', input: message });
  else if (message.length > MAX_MESSAGE_CHARS && characterCount(message) > MAX_MESSAGE_CHARS)
    issues.push({
      loc: at('message'),
      msg: `String should have at most ${MAX_MESSAGE_CHARS} characters`,
      type: 'string_too_long',
      input: message,
      ctx: { max_length: MAX_MESSAGE_CHARS },
    });

  const reference = input['reference'];
  if (reference !== undefined && reference !== null && typeof reference !== 'string')
    issues.push({ loc: at('reference'), msg: 'Input should be a valid string', type: 'string_type', input: reference });

  const label = input['label'];
  if (label !== undefined && label !== null) {
    if (typeof label !== 'string') issues.push({ loc: at('label'), msg: 'Input should be a valid string', type: 'string_type', input: label });
    else if (characterCount(label) > LIMITS.labelMax)
      issues.push({
        loc: at('label'),
        msg: `String should have at most ${LIMITS.labelMax} characters`,
        type: 'string_too_long',
        input: label,
        ctx: { max_length: LIMITS.labelMax },
      });
  }

  const priority = input['priority'];
  if (priority !== undefined && priority !== 'normal' && priority !== 'urgent')
    issues.push({
      loc: at('priority'),
      msg: "Input should be 'normal' or 'urgent'",
      type: 'literal_error',
      input: priority,
      ctx: { expected: "'normal' or 'urgent'" },
    });

  const expiration = parseExpiration(input['expiration'], now);
  if (!expiration.ok) issues.push({ loc: at('expiration'), msg: expiration.msg, type: 'value_error', input: input['expiration'] });

  if (issues.length > before || !expiration.ok) return null;
  return {
    sender: sender as string,
    recipient: recipient as number,
    message: message as string,
    reference: (reference as string | null | undefined) ?? null,
    label: (label as string | null | undefined) ?? null,
    priority: (priority as 'normal' | 'urgent' | undefined) ?? 'normal',
    expiresAt: expiration.expiresAt,
  };
}

/** Validates a batch body; the whole batch fails when any message does (every issue is listed). */
export function validateBatch(body: unknown, now: number, issues: ValidationIssue[]): ValidMessage[] | null {
  if (!isObject(body)) {
    issues.push({ loc: ['body'], msg: NOT_OBJECT, type: 'model_attributes_type', input: body });
    return null;
  }
  const messages = body['messages'];
  if (messages === undefined) {
    issues.push({ loc: ['body', 'messages'], msg: 'Field required', type: 'missing', input: body });
    return null;
  }
  if (!Array.isArray(messages)) {
    issues.push({ loc: ['body', 'messages'], msg: 'Input should be a valid list', type: 'list_type', input: messages });
    return null;
  }
  if (messages.length < LIMITS.batchMin || messages.length > LIMITS.batchMax) {
    const short = messages.length < LIMITS.batchMin;
    issues.push({
      loc: ['body', 'messages'],
      msg: short
        ? `List should have at least ${LIMITS.batchMin} item after validation, not ${messages.length}`
        : `List should have at most ${LIMITS.batchMax} items after validation, not ${messages.length}`,
      type: short ? 'too_short' : 'too_long',
      // A 10,000-item input is not echoed back in full.
      input: short ? messages : `[${messages.length} items]`,
      ctx: short
        ? { field_type: 'List', min_length: LIMITS.batchMin, actual_length: messages.length }
        : { field_type: 'List', max_length: LIMITS.batchMax, actual_length: messages.length },
    });
    return null;
  }
  const valid: ValidMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = validateMessage(messages[i], ['body', 'messages', i], now, issues);
    if (m) valid.push(m);
  }
  return issues.length ? null : valid;
}
