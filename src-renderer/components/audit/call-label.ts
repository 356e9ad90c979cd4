// A contract call named in words for the audit trail ("Sent a campaign" for campaigns.send), in the active language;
// a call this renderer has no words for shows its name.
export interface CallLabelWords {
  t(key: string): string;
  te(key: string): boolean;
}

export const callLabelKey = (call: string) => `audit.calls.${call}`;

export function callLabel(call: string, words: CallLabelWords): string {
  const key = callLabelKey(call);
  return words.te(key) ? words.t(key) : call;
}
