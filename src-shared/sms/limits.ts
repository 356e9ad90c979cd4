// The gateway's fixed part sizes and message limit (spec: messaging interface, item 8 and Limits).

/** Septets in a GSM-7 message that travels as one part. */
export const GSM7_SINGLE_PART = 160;
/** Septets per part once a GSM-7 message is concatenated (the user data header takes the rest). */
export const GSM7_MULTI_PART = 153;
/** UTF-16 code units in a UCS-2 message that travels as one part. */
export const UCS2_SINGLE_PART = 70;
/** UTF-16 code units per part once a UCS-2 message is concatenated. */
export const UCS2_MULTI_PART = 67;

/**
 * The longest `message` the gateway accepts, in characters (= 255 GSM-7 parts of 153).
 * We count characters as Unicode code points: the gateway validates like a Python `len(str)`,
 * so an emoji is one character there although it is two UTF-16 units in JavaScript.
 */
export const MAX_MESSAGE_CHARS = 39015;
