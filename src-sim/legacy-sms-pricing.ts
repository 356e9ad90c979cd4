// What sending to one legacy recipient leads to and costs: its country (longest prefix), the network's
// outcome for the number and the sender, and the price of its parts in the message class's tier.
import { isCharged, outcomeFor, type Outcome } from './delivery';
import type { Platform } from './platform';
import { countryOf, partPrice, roundMoney, type Country, type PriceTier } from './prices';
import { senderProblem } from './sender-rules';
import type { MessageClass } from './state';

export interface PricedRecipient {
  country: Country | undefined;
  outcome: Outcome;
  cost: number;
}

function tierOf(cls: MessageClass): PriceTier {
  return cls === 'premium' || cls === 'secret' ? 'premium' : 'standard';
}

/** Prices one message's recipients in the account's currency; a recipient that is not charged costs 0. */
export function recipientPricer(platform: Platform, cls: MessageClass, sender: string | null): (msisdn: number, parts: number) => PricedRecipient {
  const currency = platform.store.state.account.currency;
  const tier = tierOf(cls);
  const countries = new Map<number, Country | undefined>();
  return (msisdn, parts) => {
    // Country lookups repeat per prefix; the msisdn's first three digits decide.
    const key = Number(String(msisdn).slice(0, 3));
    let country = countries.get(key);
    if (!countries.has(key)) {
      country = countryOf(msisdn);
      countries.set(key, country);
    }
    let outcome: Outcome;
    if (!country) outcome = 'no_route';
    else if (sender !== null && senderProblem(sender, country)) outcome = 'rejected_sender';
    else outcome = outcomeFor(platform.store.state.outcomes, msisdn, 'legacy');
    const cost = country && isCharged(outcome) ? roundMoney(parts * partPrice(country, tier, currency)) : 0;
    return { country, outcome, cost };
  };
}
