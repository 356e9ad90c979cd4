// Legacy SMS sending, POST and GET /rest/mtsms: a checked request (legacy-sms-input.ts) built into priced
// messages (legacy-sms-build.ts), gated by the account's features, paid from its credit, stored and answered.
import { LegacyError } from './legacy-errors';
import { readLegacyFields } from './legacy-input';
import { buildMessages } from './legacy-sms-build';
import { parseSendRequest } from './legacy-sms-input';
import { roundMoney } from './prices';
import type { Reply, RouteContext } from './routing';

function formatMoney(n: number): string {
  return n.toFixed(2);
}

/** POST and GET /rest/mtsms. */
export async function sendMtsms(ctx: RouteContext): Promise<Reply> {
  const platform = ctx.platform;
  const fields = await readLegacyFields(ctx);
  const inputs = parseSendRequest(fields);
  const features = platform.store.state.account.features;
  const cls = inputs[0]!.class;
  if (cls === 'premium' && !features.premium) throw new LegacyError('notEnabled', ['The premium message class']);
  if (cls === 'secret' && !features.secret) throw new LegacyError('notEnabled', ['The secret message class']);
  if (cls === 'charge' && !features.charge) throw new LegacyError('notEnabled', ['Overcharged (charge class) messages']);

  const now = platform.clock.now();
  const messages = buildMessages(platform, inputs, now);
  let total = 0;
  for (const m of messages) for (const r of m.recipients) total += r.cost;
  total = roundMoney(total);
  const account = platform.store.state.account;
  if (!platform.store.debit(total)) {
    throw new LegacyError('insufficientCredit', [formatMoney(total), account.currency, formatMoney(account.credit)]);
  }
  for (const m of messages) m.id = platform.store.nextLegacyId();
  platform.store.addLegacy(messages);
  for (const m of messages) platform.notifier.legacyAccepted(m);

  const countries: Record<string, number> = {};
  for (const m of messages) for (const r of m.recipients) if (r.country) countries[r.country] = (countries[r.country] ?? 0) + 1;
  const body: Record<string, unknown> = {
    ids: messages.map((m) => m.id),
    usage: { countries, currency: account.currency, total_cost: total },
  };
  if (inputs.some((i) => i.recipientsUsage)) {
    body['details'] = {
      messages: messages.map((m) => ({
        id: m.id,
        recipients: m.recipients.map((r) => ({ country: r.country ?? '', msisdn: r.msisdn, parts: r.parts })),
      })),
    };
  }
  return { status: 200, body };
}
