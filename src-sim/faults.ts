// Fault injection: which requests get latency, a forced status, a replaced body or a dropped connection.
import { z } from 'zod';

export const FaultRuleSchema = z.object({
  /** Exact path, or a prefix ending in `*` (e.g. /rest/*). */
  path: z.string().min(1),
  method: z.string().optional(),
  /** Applies to the next `count` matching requests, then the rule is spent. */
  count: z.number().int().positive().optional(),
  /** Applies to this fraction of matching requests (deterministic pseudo-random sequence). */
  ratio: z.number().min(0).max(1).optional(),
  latency_ms: z.number().min(0).max(600_000).optional(),
  /** Extension: the request is processed at once, then its answer is held back this long (a slow answer a client may give up on). */
  answer_latency_ms: z.number().min(0).max(600_000).optional(),
  status: z.number().int().min(100).max(599).optional(),
  drop: z.enum(['before', 'after']).optional(),
  /** Extension: the request is processed, then this text replaces the response body (a malformed answer). */
  body: z.string().optional(),
  /** Extension: Retry-After seconds sent with a forced 429 or 503 (default 1). */
  retry_after_s: z.number().int().min(0).optional(),
});
export type FaultRule = z.infer<typeof FaultRuleSchema>;

export const FaultsSchema = z.object({ rules: z.array(FaultRuleSchema) });

/** What to do to one request. */
export interface FaultAction {
  latencyMs: number;
  /** Real milliseconds between processing and answering. */
  answerLatencyMs?: number;
  /** Answer this status without processing. */
  status?: number;
  retryAfterS?: number;
  drop?: 'before' | 'after';
  /** Process, then answer this body (with bodyStatus, else the real status). */
  body?: string;
  bodyStatus?: number;
}

interface LiveRule {
  rule: FaultRule;
  remaining: number;
  rng: () => number;
}

/** A small seeded generator, so a ratio picks the same requests on every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FaultSet {
  private rules: LiveRule[] = [];

  set(rules: FaultRule[]): void {
    this.rules = rules.map((rule, i) => ({ rule, remaining: rule.count ?? Infinity, rng: mulberry32(0x5eed + i) }));
  }

  list(): FaultRule[] {
    return this.rules.filter((r) => r.remaining > 0).map((r) => r.rule);
  }

  /** The combined action of every rule that fires for this request; null when none does. */
  decide(method: string, path: string): FaultAction | null {
    let action: FaultAction | null = null;
    for (const live of this.rules) {
      const { rule } = live;
      if (live.remaining <= 0) continue;
      if (rule.method && rule.method.toUpperCase() !== method) continue;
      if (!pathMatches(rule.path, path)) continue;
      if (rule.ratio !== undefined && live.rng() >= rule.ratio) continue;
      live.remaining--;
      action ??= { latencyMs: 0 };
      action.latencyMs += rule.latency_ms ?? 0;
      if (rule.answer_latency_ms !== undefined) action.answerLatencyMs = (action.answerLatencyMs ?? 0) + rule.answer_latency_ms;
      if (rule.status !== undefined && rule.body === undefined) {
        action.status ??= rule.status;
        if (rule.retry_after_s !== undefined) action.retryAfterS = rule.retry_after_s;
      }
      if (rule.drop) action.drop ??= rule.drop;
      if (rule.body !== undefined && action.body === undefined) {
        action.body = rule.body;
        if (rule.status !== undefined) action.bodyStatus = rule.status;
      }
    }
    return action;
  }
}

export function pathMatches(pattern: string, path: string): boolean {
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1));
  return path === pattern || path === pattern + '/';
}
