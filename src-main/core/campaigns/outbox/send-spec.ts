// What the request builders need to know about a frozen campaign and the recipients of one chunk.

export type MessageClass = 'standard' | 'premium' | 'secret';

export interface MessageOptions {
  /** For the gateway's usage statistics; '' for none. */
  label: string;
  priority: 'normal' | 'urgent';
  /** null leaves the gateway's default (and maximum) of 5 days. */
  validitySeconds: number | null;
  messageClass: MessageClass;
  /** Shown on the screen at once and not stored (legacy destaddr DISPLAY). */
  flash: boolean;
  /** The most parts a recipient's text may take, frozen from Settings when the campaign was sent. */
  maxParts: number | null;
  /**
   * One gateway message per recipient (legacy), so each has its own id and can be withdrawn alone: set by the
   * automations' runner on the runs it hands to the gateway ahead. Absent on every other campaign.
   */
  separateMessages?: boolean;
}

export interface CampaignSendSpec {
  id: number;
  /** The template as written, with {merge_fields}. */
  text: string;
  sender: string;
  options: MessageOptions;
  /** The merge fields of the template in order of first use: the legacy tags and the order of tagvalues. */
  fields: string[];
}

export interface ChunkRecipient {
  id: number;
  msisdn: number;
  /** The final text after merge fields. */
  text: string;
  /** Values of `fields` in order, fallbacks already applied; null when the template has no merge fields. */
  tagvalues: string[] | null;
  parts: number;
  ucs2: boolean;
}

/** The tag the legacy interface replaces for a merge field: the placeholder exactly as written in the text. */
export function tagFor(field: string): string {
  return `{${field}}`;
}

/** A message's default and maximum validity (legacy-interface.md): how long the poller keeps watching. */
export const DEFAULT_VALIDITY_S = 432_000;
