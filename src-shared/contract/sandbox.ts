// Sandbox tools (issue 19): the customer's and the phone network's part, played on the built-in test gateway so a new
// user sees replies, STOP, failed numbers and scheduled sends work. Every call is refused while Besked is live.
import { z } from 'zod';
import { call, input, none, type CallSpec } from './basics';

/** Whose phone plays the part: a contact (by id) or a number as typed (read in the contacts' default country). */
const Who = {
  contactId: z.number().int().positive().optional(),
  phone: z.string().trim().max(40).optional(),
};

export const SandboxState = z.object({
  /** The test gateway's clock (ISO); ahead of the real time once moved forward. */
  now: z.string(),
  /** Numbers (E.164) the test gateway cannot deliver to, oldest first. */
  unreachable: z.array(z.string()),
});
export type SandboxState = z.infer<typeof SandboxState>;

/** The longest single move of the test gateway's clock: past any send time Compose allows. */
export const SANDBOX_MAX_ADVANCE_S = 60 * 86_400;

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

export const sandboxCalls = {
  'sandbox.state': call(none, SandboxState, "The test gateway's clock and the numbers made unreachable."),
  'sandbox.reply': call(
    input({ ...Who, text: z.string().trim().min(1, 'Write what the customer answers.').max(1_000) }),
    z.object({ from: z.string() }),
    'A text from the number to the shop, arriving at the test gateway as a real reply would; the inbox is refreshed at once.',
  ),
  'sandbox.setReachable': call(
    input({ ...Who, reachable: z.boolean() }),
    SandboxState,
    'Makes messages to the number fail as to a phone that is off or gone (or work again), from the next send on.',
  ),
  'sandbox.advanceClock': call(
    input({ seconds: z.number().int().min(1).max(SANDBOX_MAX_ADVANCE_S) }),
    SandboxState,
    "Moves the test gateway's clock forward: scheduled messages go out and delivery reports come due; statuses and replies are refreshed at once.",
  ),
} as const satisfies Record<string, CallSpec>;

export { sandboxRules } from './rules/sandbox';
